package online

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/engine"
)

// Games dealt by the devices (engine.Config.Dealt): no device holds another player's hand,
// the deck's order or the Distant Market stack. Each device runs an app/dealer Dealer beside
// its ledger; the deal's messages travel signed by their seat's key (SignedDeal), so any
// device can pass them on, and every device keeps them all and sends them to each device it
// greets. A move carries the proof of the cards it plays (Signed.Proof), checked before the
// move is applied; a sale to the Distant Market waits, applied by no device, until every
// device has published its key for the tile (the mover sends the move first). A card played
// that was not dealt, a false key or two different deal messages signed for one place stop
// the game and name the device; a false shuffle is named by the audit, which every device
// runs when the game ends (or stops). In a dealt game no bot plays an away player's seat
// (it would need their cards) and no move is taken back (a card played is shown to all).

// SignedDeal is one seat's message of the deal, signed by the seat's key: Seq numbers the
// seat's messages from 0; Moves is how many moves its game held (so that audit keys sent at
// the end of the game are not taken for a call to stop by a device a move behind).
type SignedDeal struct {
	Game  string     `json:"game"`
	Seat  int        `json:"seat"`
	Seq   int        `json:"n"`
	Moves int        `json:"moves"`
	Msg   dealer.Msg `json:"msg"`
	Sig   []byte     `json:"sig"`
}

// maxDeals bounds the deal messages a game has (each seat sends two passes and a few keys
// messages per deal, one keys message per draw and per card played, and its audit keys).
const maxDeals = 4000

func (d SignedDeal) content() []byte {
	msg, _ := json.Marshal(d.Msg) // plain data: cannot fail
	w := newWriter("brass deal v1")
	w.str(d.Game)
	w.num(int64(d.Seat))
	w.num(int64(d.Seq))
	w.num(int64(d.Moves))
	w.bytes(msg)
	return w.buf
}

// pending is the next move, accepted by the ledger's checks but not applied yet: its cards'
// keys or its Distant Market tile are still on their way.
type pending struct {
	s       Signed
	mine    bool // this device's own move
	checked bool // its proof of cards was checked
	turned  bool // this device published its key for the tile
}

// errPending: the move is held until the deal lets it be applied.
var errPending = errors.New("waiting for the deal")

// DealWaiting lists the seats whose devices this one waits for to deal the cards (empty in a
// game dealt from its seed).
func (r *Replica) DealWaiting() []int {
	if r.dealer == nil {
		return nil
	}
	return r.dealer.Waiting()
}

// DealAudit says how the audit of the deal went once it ran ("" before).
func (r *Replica) DealAudit() string { return r.audit }

// flushDeal signs and sends this device's deal messages.
func (r *Replica) flushDeal() {
	for _, m := range r.dealer.Outbox() {
		sd := SignedDeal{Game: r.ledger.genesis.Game, Seat: r.seat, Seq: r.dealSeq, Moves: r.ledger.Len(), Msg: m}
		sd.Sig = r.id.sign(sd.content())
		r.dealSeq++
		r.keepDeal(sd)
		r.broadcast(message{Type: msgDeal, Deals: []SignedDeal{sd}})
	}
}

func (r *Replica) keepDeal(sd SignedDeal) {
	if sd.Seat == r.seat {
		// Stored before it is sent: a device must never send a message it could lose (a
		// pass whose keys it forgot, a number it would use again). Another seat's message
		// needs no store of its own: the devices send theirs again to every device they greet.
		r.out.Save = true
	}
	r.deals = append(r.deals, sd)
	r.dealSeen[[2]int{sd.Seat, sd.Seq}] = sd
}

// onDeals takes deal messages a device sent or passed on.
func (r *Replica) onDeals(p *peer, list []SignedDeal) {
	if r.dealer == nil {
		r.notify(true, "Ignored deal messages from %s: this game is dealt from its seed.", r.peerName(p))
		return
	}
	for _, sd := range list {
		evidence, err := r.takeDeal(sd)
		switch {
		case errors.Is(err, deal.ErrCheat):
			r.dealCheat(err, &message{Type: msgDeal, Deals: evidence})
			return
		case err != nil:
			r.notify(true, "Ignored a deal message from %s: %v.", r.peerName(p), err)
		}
	}
}

// takeDeal checks one signed deal message and gives it to the dealer; with proof of
// cheating it returns the signed messages that prove it.
func (r *Replica) takeDeal(sd SignedDeal) ([]SignedDeal, error) {
	g := r.ledger.genesis
	switch {
	case sd.Game != g.Game || sd.Seat < 0 || sd.Seat >= len(g.Keys) || sd.Msg.From != sd.Seat || sd.Seq < 0 || sd.Seq >= maxDeals || sd.Moves < 0 || sd.Moves > maxMoves:
		return nil, fmt.Errorf("a deal message with a bad game, seat or number")
	case !g.Keys[sd.Seat].verify(sd.content(), sd.Sig):
		return nil, fmt.Errorf("a deal message whose signature does not verify")
	}
	if old, ok := r.dealSeen[[2]int{sd.Seat, sd.Seq}]; ok {
		if string(old.content()) != string(sd.content()) {
			return []SignedDeal{old, sd}, &deal.Error{Kind: deal.ErrCheat, Seat: sd.Seat, Step: "message", Pos: -1,
				Msg: fmt.Sprintf("two different deal messages signed as its message %d", sd.Seq+1)}
		}
		return nil, nil
	}
	if len(r.deals) >= maxDeals {
		return nil, fmt.Errorf("more deal messages than a game has")
	}
	if sd.Seat != r.seat { // (this device's own, passed back, it took when it made it)
		if err := r.dealer.Receive(sd.Msg); err != nil {
			return []SignedDeal{sd}, err
		}
	}
	r.keepDeal(sd)
	if sd.Msg.Audit != nil && sd.Seat != r.seat {
		if at, ok := r.auditAt[sd.Seat]; !ok || sd.Moves < at {
			r.auditAt[sd.Seat] = sd.Moves
		}
	}
	return nil, nil
}

// dealCheat stops the game on proof that a device broke the deal, and sends the proof to
// every device (and to each greeted later), which checks it itself. A proof that names no
// device (a false pass, seen when a card opened to none) starts the audit, which names it.
func (r *Replica) dealCheat(err error, evidence *message) {
	if r.stopped != "" {
		return
	}
	var e *deal.Error
	if errors.As(err, &e) && e.Seat >= 0 {
		r.stopped = fmt.Sprintf("%s's device broke the deal of the cards (%s: %s): it runs modified code, and the game cannot go on fairly.", capital(r.name(e.Seat)), e.Step, e.Msg)
	} else {
		r.stopped = fmt.Sprintf("The deal of the cards was false (%v); the audit names the device.", err)
		r.startAudit()
	}
	r.notify(true, "%s", r.stopped)
	r.out.Save = true
	if evidence != nil {
		evidence.Game = r.ledger.genesis.Game
		r.evidence = append(r.evidence, *evidence)
		r.broadcast(*evidence)
	}
}

// sendEvidence sends a device the proofs of cheating this one holds.
func (r *Replica) sendEvidence(to string) {
	for _, m := range r.evidence {
		r.send(to, m)
	}
}

// sendPending sends a device the move waiting for the deal here, if any: it is in no
// ledger yet, so no catch-up would bring it.
func (r *Replica) sendPending(to string) {
	if r.pending != nil {
		r.send(to, message{Type: msgMove, Move: &r.pending.s})
	}
}

// dealt runs after every event in a dealt game: apply the move that waited for the deal,
// send this device's deal messages, and at the end of the game (or when another device
// called the audit) publish every key and run the audit once all are in.
func (r *Replica) dealt() {
	if r.dealer == nil {
		return
	}
	if r.pending != nil && r.stopped == "" {
		if err := r.settle(); err != nil && !errors.Is(err, errPending) {
			r.notify(true, "Refused a move: %v.", err)
		}
	}
	g := r.ledger.Game()
	var called []int // seats that published their keys with no more moves than this device holds
	for seat, at := range r.auditAt {
		if at <= r.ledger.Len() {
			called = append(called, seat)
		}
	}
	slices.Sort(called)
	if !r.auditing && r.pending == nil && (g.Over() || len(called) > 0) {
		if !g.Over() && r.stopped == "" {
			r.stopped = fmt.Sprintf("%s published every key of the deal before the end of the game: the game cannot go on, and every device audits the deal.", capital(r.seatList(called)))
			r.notify(true, "%s", r.stopped)
		}
		r.startAudit()
	}
	r.flushDeal()
	// The screen shows this player's cards and what the deal waits for: redraw when either changed.
	if seen := fmt.Sprint(len(g.Reveals()), r.dealer.Waiting()); seen != r.dealSeenScreen {
		r.dealSeenScreen, r.out.Changed = seen, true
	}
	if r.auditing && r.audit == "" {
		switch err := r.dealer.Audit(); {
		case err == nil:
			r.audit = "The deal was audited: every card dealt, drawn and played was the card the shuffled deck held."
			r.notify(false, "%s", r.audit)
		case errors.Is(err, deal.ErrNotYet):
		default:
			r.audit = fmt.Sprintf("The audit of the deal failed: %v.", err)
			r.notify(true, "%s", r.audit)
		}
		// Saved with every seat's keys in, the deal can be checked again from the store or an
		// exported file (dealer.Record).
		r.out.Save = r.out.Save || r.audit != ""
	}
}

// startAudit has this device publish every key of the deal (sent by dealt), once.
func (r *Replica) startAudit() {
	if r.auditing {
		return
	}
	r.auditing = true
	if err := r.dealer.AuditKeys(); err != nil {
		r.notify(true, "The audit of the deal cannot start: %v.", err)
	}
}

// appendDealt is Append for a dealt game: the ledger's checks, then the proof of the cards,
// then the tile, each of which may hold the move (errPending) until the deal catches up.
func (r *Replica) appendDealt(s Signed) error {
	if r.pending != nil && sameContent(r.pending.s, s) {
		return errPending
	}
	next, err := r.ledger.admit(s, nil)
	if err != nil || !next {
		return err
	}
	r.pending = &pending{s: s}
	r.out.Save = true
	return r.settle()
}

// settle applies the pending move if the deal lets it now; errPending if not yet.
func (r *Replica) settle() error {
	pd := r.pending
	g := r.ledger.Game()
	if !pd.checked {
		if err := r.dealer.CheckPlay(pd.s.Move, pd.s.Proof); err != nil {
			if errors.Is(err, deal.ErrNotYet) {
				return errPending
			}
			r.pending = nil
			if errors.Is(err, deal.ErrCheat) {
				r.dealCheat(err, &message{Type: msgMove, Move: &pd.s})
				return err
			}
			return refuse(RefuseIllegal, pd.s, "move %d's proof of its cards: %v", pd.s.Index+1, err)
		}
		pd.checked = true
		r.out.Save = true
	}
	if _, need := g.NeedsReveal(pd.s.Move); need {
		if !pd.turned {
			pd.turned, r.out.Save = true, true
			if err := r.dealer.TurnOver(pd.s.Move); err != nil {
				r.notify(true, "The Distant Market tile cannot be turned over: %v.", err)
			}
		}
		if _, need := g.NeedsReveal(pd.s.Move); need {
			return errPending
		}
	}
	r.pending = nil
	n := r.ledger.Len()
	if err := r.ledger.Append(pd.s, nil); err != nil {
		return err
	}
	if err := r.dealer.Applied(); err != nil {
		r.dealCheat(err, nil)
	}
	if r.ledger.Len() > n {
		r.committed()
		if !pd.mine || pd.turned { // (this device's own move goes out with its hash, unless it went out before)
			link := r.ledger.links[pd.s.Index]
			r.broadcast(message{Type: msgAck, At: pd.s.Index, Take: pd.s.Take, Hash: hashString(r.ledger.HashAfter(pd.s.Index)), Link: &link})
		}
	}
	return nil
}

// playDealt signs and commits this device's own move in a dealt game, with the proof of
// the cards it plays; a sale to the Distant Market goes out first and is applied here, as
// everywhere, once its tile is turned over.
func (r *Replica) playDealt(m engine.Move) error {
	g := r.ledger.Game()
	switch {
	case r.pending != nil:
		return errors.New("The last move waits for the cards to be dealt; play again in a moment.")
	case !r.dealer.Ready():
		return fmt.Errorf("The cards are still being dealt: waiting for %s.", r.seatList(r.dealer.Waiting()))
	}
	if err := g.Check(m); err != nil {
		return err
	}
	proof, err := r.dealer.PlayProof(m)
	if err != nil {
		return err
	}
	s := r.id.SignPlayed(r.ledger.genesis.Game, r.ledger.Next(), m, proof)
	next, err := r.ledger.admit(s, nil)
	if err != nil || !next {
		return err
	}
	r.pending = &pending{s: s, mine: true, checked: true}
	if _, need := g.NeedsReveal(m); need {
		// The sale goes out first, and then this device's key for its tile (dealt, after),
		// so that no device can turn the tile over before it holds the move.
		r.broadcast(message{Type: msgMove, Move: &s}) // no hash yet: it follows in an acknowledgement
		if err := r.settle(); err != nil && !errors.Is(err, errPending) {
			return err
		}
		return nil
	}
	if err := r.settle(); err != nil {
		return err
	}
	r.broadcast(message{Type: msgMove, Move: &s, Hash: hashString(g.Hash())})
	return nil
}

// seatList names seats' devices, for messages: "Ada's device and Brunel's device".
func (r *Replica) seatList(seats []int) string {
	out := ""
	for i, seat := range seats {
		if i > 0 {
			out += " and "
		}
		out += r.name(seat) + "'s device"
	}
	if out == "" {
		out = "the other devices"
	}
	return out
}

// DealSaved is what a device stores of a dealt game beside its signed moves: its dealer
// (with this seat's secret keys: it never leaves the device), the deal messages it sent,
// what the deal showed its game, its next message number, the move waiting for the deal, and
// how the game stopped. Save it whenever Ready says Save, before sending the messages.
type DealSaved struct {
	Dealer   dealer.Saved      `json:"dealer"`
	Deals    []SignedDeal      `json:"deals"`
	Reveals  []engine.Reveal   `json:"reveals,omitempty"`
	Seq      int               `json:"seq"`
	Pending  *Signed           `json:"pending,omitempty"`
	Checked  bool              `json:"checked,omitempty"` // the pending move's proof was checked
	Turned   bool              `json:"turned,omitempty"`  // this device published its key for its tile
	Mine     bool              `json:"mine,omitempty"`    // the pending move is this device's own
	Stopped  string            `json:"stopped,omitempty"`
	Evidence []json.RawMessage `json:"evidence,omitempty"`
	Auditing bool              `json:"auditing,omitempty"`
	Audit    string            `json:"audit,omitempty"`
	AuditAt  map[int]int       `json:"auditAt,omitempty"`
}

// DealState is the dealt game's state to store (nil in a game dealt from its seed).
func (r *Replica) DealState() *DealSaved {
	if r.dealer == nil {
		return nil
	}
	var own []SignedDeal // (the other seats' messages come again from their devices)
	for _, sd := range r.deals {
		if sd.Seat == r.seat {
			own = append(own, sd)
		}
	}
	s := &DealSaved{Dealer: r.dealer.Save(), Deals: own,
		Reveals: append([]engine.Reveal(nil), r.ledger.Game().Reveals()...), Seq: r.dealSeq,
		Stopped: r.stopped, Auditing: r.auditing, Audit: r.audit, AuditAt: maps.Clone(r.auditAt)}
	if pd := r.pending; pd != nil {
		p := pd.s
		s.Pending, s.Checked, s.Turned, s.Mine = &p, pd.checked, pd.turned, pd.mine
	}
	for _, m := range r.evidence {
		s.Evidence = append(s.Evidence, encode(m))
	}
	return s
}

// ResumeDealt takes up a dealt game on this device from what it stored: its signed moves
// and its DealSaved. The moves are checked like any record, replayed with what the deal had
// shown the game, and the dealer is restored (each deal re-checked).
func ResumeDealt(id Identity, g Genesis, stored []Signed, saved DealSaved, timing Timing, rand io.Reader) (*Replica, error) {
	seat := g.seatOf(id.Public())
	switch {
	case seat < 0:
		return nil, fmt.Errorf("this device's key holds no seat in the game")
	case !g.Config.Dealt:
		return nil, fmt.Errorf("the game is dealt from its seed")
	case rand == nil:
		return nil, fmt.Errorf("a game whose cards the devices deal needs a source of randomness")
	}
	l, err := VerifyDealtRecord(g, stored, saved.Reveals)
	if err != nil {
		return nil, fmt.Errorf("the stored game does not verify: %w", err)
	}
	d, err := dealer.Restore(l.Game(), saved.Dealer, rand)
	if err != nil {
		return nil, fmt.Errorf("the stored deal does not verify: %w", err)
	}
	r := &Replica{
		id: id, seat: seat, ledger: l, timing: timing,
		peers: map[string]*peer{}, acks: map[int]map[int]ack{}, differs: map[int]int{}, forked: map[int]bool{}, bots: map[int]seatBot{},
		dealer: d, dealSeen: map[[2]int]SignedDeal{}, auditAt: map[int]int{}, dealSeq: saved.Seq,
		stopped: saved.Stopped, auditing: saved.Auditing, audit: saved.Audit,
	}
	for _, sd := range saved.Deals {
		if sd.Game != g.Game || sd.Seat < 0 || sd.Seat >= len(g.Keys) || !g.Keys[sd.Seat].verify(sd.content(), sd.Sig) {
			return nil, fmt.Errorf("a stored deal message does not verify")
		}
		r.keepDeal(sd)
	}
	for seat, at := range saved.AuditAt {
		r.auditAt[seat] = at
	}
	for _, e := range saved.Evidence {
		m, err := decode(e, g.Game, len(g.Keys))
		if err != nil {
			return nil, fmt.Errorf("a stored proof of cheating: %w", err)
		}
		r.evidence = append(r.evidence, m)
	}
	if s := saved.Pending; s != nil {
		next, err := l.admit(*s, nil)
		if err != nil || !next {
			return nil, fmt.Errorf("the stored move waiting for the deal is not the next move: %v", err)
		}
		r.pending = &pending{s: *s, mine: saved.Mine, checked: saved.Checked, turned: saved.Turned}
	}
	return r, nil
}

// VerifyDealtRecord is VerifyRecord for a game whose cards the devices dealt: each move
// checked and applied after what the deal had shown the game before it (a device's own
// cards, the Distant Market tiles), as its record keeps them (engine.Record.Reveals). The
// deal itself is not re-checked: that needs its messages and audit keys (deal.Verify).
func VerifyDealtRecord(g Genesis, moves []Signed, reveals []engine.Reveal) (*Ledger, error) {
	return verifyRecord(g, moves, reveals, nil)
}

// Unentitled counts the positions of the deal this device can open that it may not see: not
// dealt to it, not opened to all, and not the tile of a sale waiting for it (a check for
// tests and debugging: 0 on an honest device).
func (r *Replica) Unentitled() int {
	if r.dealer == nil {
		return 0
	}
	return r.dealer.Unentitled(r.pending != nil)
}
