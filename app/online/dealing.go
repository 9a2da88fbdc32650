package online

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/app/profile"
	"brass/engine"
)

// Games dealt by the devices (engine.Config.Dealt): no device holds another player's hand,
// the deck's order or the Distant Market stack. Each device runs an app/dealer Dealer beside
// its ledger, telling it what the game dealt after every move (dealer.Table: its own copy,
// never the ledger's game) and showing the game what it opens; the deal's messages travel
// signed by their seat's key (SignedDeal), numbered in order per seat, so any device can pass
// them on, and every device keeps them all and sends them to each device it greets. A move
// carries the proof of the cards it plays (Signed.Proof), checked before the move is applied;
// a sale to the Distant Market waits, applied by no device, until every device has published
// its key for the tile (the mover sends the move first). A card played that was not dealt, a
// false key or two different deal messages signed for one place stop the game and name the
// device; a false shuffle is named by the audit, which every device runs when the game ends
// (or stops); a device that withholds its audit keys is named as refusing the audit. In a
// dealt game no bot plays an away player's seat (it would need their cards) and no move is
// taken back (a card played is shown to all).

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

// dealtGame is a Replica's side of a game dealt by the devices.
type dealtGame struct {
	r      *Replica
	dealer *dealer.Dealer
	deals  []SignedDeal      // every deal message accepted (to pass on), in order
	count  []int             // by seat: the messages accepted from it, numbered 0 up
	bound  int               // the most messages a seat can send that each add to the deal
	seen   map[[2]int][]byte // (seat, number) → the content signed, to catch two versions
	proofs []message         // proofs that a device broke the deal, for every device greeted
	audAt  map[int]int       // seat → the fewest moves its game held when it sent audit keys
	seq    int               // this seat's next message number
	// heard is how many of this seat's messages went out while every seat's channel was
	// open (an own-pace game's: sealed copies sent on greeting a device reach no watcher).
	heard  int
	wait   pendingMove // the move waiting for the deal, if any
	screen string      // the cards shown and the seats waited for, when the screen last drew them
	audit  auditState
}

// pendingMove is the next move, accepted by the ledger's checks but not applied yet: its
// cards' keys or its Distant Market tile are still on their way.
type pendingMove struct {
	on      bool
	s       Signed
	mine    bool // this device's own move
	checked bool // its proof of cards was checked
	turned  bool // this device published its key for the tile
}

// auditState is the audit of the deal at the end: started, its outcome, and the devices
// named as refusing it.
type auditState struct {
	started bool
	result  string
	refused map[int]string
}

// errPending: the move is held until the deal lets it be applied.
var errPending = errors.New("waiting for the deal")

func newDealtGame(r *Replica, rand io.Reader) (*dealtGame, error) {
	if rand == nil {
		return nil, fmt.Errorf("a game whose cards the devices deal needs a source of randomness")
	}
	d, err := dealer.New(dealer.TableOf(r.ledger.Game()), r.seat, r.ledger.genesis.Game, rand)
	if err != nil {
		return nil, err
	}
	c := &dealtGame{r: r, dealer: d, count: make([]int, len(r.ledger.genesis.Keys)), seen: map[[2]int][]byte{}, audAt: map[int]int{},
		bound: dealer.MaxMessages(r.ledger.Game().State().Edition(), len(r.ledger.genesis.Keys))}
	if err := c.show(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *dealtGame) dealt() bool   { return true }
func (c *dealtGame) pending() bool { return c.wait.on }

// ready reports whether this device's game holds every card it may and no move waits.
func (c *dealtGame) ready() bool { return !c.wait.on && c.dealer.Ready() }

// DealWaiting lists the seats whose devices this one waits for to deal its cards (empty in a
// game dealt from its seed).
func (r *Replica) DealWaiting() []int {
	if c, ok := r.cards.(*dealtGame); ok {
		return c.dealer.Waiting()
	}
	return nil
}

// DealAudit says how the audit of the deal went once it ran ("" before).
func (r *Replica) DealAudit() string {
	if c, ok := r.cards.(*dealtGame); ok {
		return c.audit.result
	}
	return ""
}

// flush signs and sends this device's deal messages.
func (c *dealtGame) flush() {
	r := c.r
	for _, m := range c.dealer.Outbox() {
		sd := SignedDeal{Game: r.ledger.genesis.Game, Seat: r.seat, Seq: c.seq, Moves: r.ledger.Len(), Msg: m}
		sd.Sig = r.id.sign(sd.content())
		c.seq++
		c.keep(sd)
		r.broadcast(message{Type: msgDeal, Deals: []SignedDeal{sd}})
		if c.heard == sd.Seq && r.everyChannelOpen() {
			c.heard = c.seq
		}
	}
}

// opened: in an own-pace game, once every seat's channel is open, this seat's deal messages
// made while one was not (those of the game's start, made before its first visit) go out to
// every device, in one message: the log then holds every deal message in the clear, for a
// watcher to check the cards played (a device greeted is sent them sealed, which no watcher
// reads).
func (c *dealtGame) opened() {
	r := c.r
	if r.pace == nil || c.heard >= c.seq || !r.everyChannelOpen() {
		return
	}
	var unheard []SignedDeal
	for _, sd := range c.deals {
		if sd.Seat == r.seat && sd.Seq >= c.heard {
			unheard = append(unheard, sd)
		}
	}
	c.heard = c.seq
	r.out.ready.Save = true
	r.broadcast(message{Type: msgDeal, Deals: unheard})
}

func (c *dealtGame) keep(sd SignedDeal) {
	if sd.Seat == c.r.seat {
		// Stored before it is sent: a device must never send a message it could lose (a
		// pass whose keys it forgot, a number it would use again). Another seat's message
		// needs no store of its own: the devices send theirs again to every device they greet.
		c.r.out.ready.Save = true
	}
	c.deals = append(c.deals, sd)
	c.count[sd.Seat]++
	c.seen[[2]int{sd.Seat, sd.Seq}] = sd.content()
}

// show shows the game what the deal opened for this device (its own cards, a tile), having
// asked the shell to save first: what opens a card is stored before the card is on screen.
func (c *dealtGame) show() error {
	for _, rv := range c.dealer.Reveals() {
		if err := c.r.ledger.Show(rv); err != nil {
			return &deal.Error{Kind: deal.ErrCheat, Seat: -1, Step: "show", Pos: rv.Position,
				Msg: fmt.Sprintf("the deal opened %s there, which the game refuses (%v)", rv.Card+rv.Tile, err)}
		}
		c.r.out.ready.Save = true
	}
	return nil
}

// greet sends a newly greeted device the move waiting for the deal (which may have been lost
// on its way), every deal message held here, and the proofs of cheating, before any other
// move: the device may have missed some.
func (c *dealtGame) greet(to string) {
	if len(c.deals) == 0 {
		return
	}
	c.sendPending(to)
	c.r.send(to, message{Type: msgDeal, Deals: c.deals})
	c.sendProofs(to)
}

// synced: after a catch-up, the move waiting for the deal (it is in no ledger yet, so no
// catch-up brings it) and the proofs (a forged move can be checked only once the moves
// before it are in).
func (c *dealtGame) synced(to string) {
	c.sendPending(to)
	c.sendProofs(to)
}

// take takes deal messages a device sent or passed on.
func (c *dealtGame) take(p *peer, list []SignedDeal) {
	if a, b, ok := c.twoVersions(list); ok {
		// The proof itself (two versions of one numbered message, both signed by their seat),
		// whatever this device holds of that number.
		c.cheat(&deal.Error{Kind: deal.ErrCheat, Seat: a.Seat, Step: "message", Pos: -1,
			Msg: fmt.Sprintf("two different deal messages signed as its message %d", a.Seq+1)}, &message{Type: msgDeal, Deals: []SignedDeal{a, b}})
		return
	}
	for _, sd := range list {
		evidence, err := c.takeOne(sd)
		switch {
		case errors.Is(err, deal.ErrCheat):
			c.cheat(err, &message{Type: msgDeal, Deals: evidence})
			return
		case err != nil:
			c.r.notify(true, "Ignored a deal message from %s: %v.", c.r.peerName(p), err)
			return
		}
	}
}

// twoVersions finds two different messages signed by one seat for one number in a list.
func (c *dealtGame) twoVersions(list []SignedDeal) (a, b SignedDeal, ok bool) {
	g := c.r.ledger.genesis
	valid := func(sd SignedDeal) bool {
		return sd.Game == g.Game && sd.Seat >= 0 && sd.Seat < len(g.Keys) && g.Keys[sd.Seat].verify(sd.content(), sd.Sig)
	}
	first := map[[2]int]int{}
	for j, y := range list {
		k := [2]int{y.Seat, y.Seq}
		i, seen := first[k]
		if !seen {
			first[k] = j
			continue
		}
		if x := list[i]; string(x.content()) != string(y.content()) && valid(x) && valid(y) {
			return x, y, true
		}
	}
	return a, b, false
}

// takeOne checks one signed deal message and gives it to the dealer; with proof of cheating
// it returns the signed messages that prove it. A seat's messages are taken in their order
// only, each must add something to the deal (a message passed on again is known by its
// number; a seat repeating itself under a new number is refused), and a deal not started yet
// keeps few (app/dealer): a device cannot fill another's memory or store with messages of
// its own.
func (c *dealtGame) takeOne(sd SignedDeal) ([]SignedDeal, error) {
	r := c.r
	g := r.ledger.genesis
	switch {
	case sd.Game != g.Game || sd.Seat < 0 || sd.Seat >= len(g.Keys) || sd.Msg.From != sd.Seat || sd.Seq < 0 || sd.Seq >= maxDeals || sd.Moves < 0 || sd.Moves > maxMoves:
		return nil, fmt.Errorf("a deal message with a bad game, seat or number")
	case !g.Keys[sd.Seat].verify(sd.content(), sd.Sig):
		return nil, fmt.Errorf("a deal message whose signature does not verify")
	}
	if old, ok := c.seen[[2]int{sd.Seat, sd.Seq}]; ok {
		if string(old) != string(sd.content()) {
			var first SignedDeal
			for _, x := range c.deals {
				if x.Seat == sd.Seat && x.Seq == sd.Seq {
					first = x
					break
				}
			}
			return []SignedDeal{first, sd}, &deal.Error{Kind: deal.ErrCheat, Seat: sd.Seat, Step: "message", Pos: -1,
				Msg: fmt.Sprintf("two different deal messages signed as its message %d", sd.Seq+1)}
		}
		return nil, nil
	}
	switch {
	case sd.Seq < c.count[sd.Seat]:
		return nil, nil // taken before this device was taken up again from its store
	case sd.Seq != c.count[sd.Seat]:
		return nil, fmt.Errorf("%s's deal message %d before its message %d", r.name(sd.Seat), sd.Seq+1, c.count[sd.Seat]+1)
	case c.count[sd.Seat] >= c.bound || len(c.deals) >= maxDeals:
		return nil, fmt.Errorf("more deal messages from %s than a game has", r.device(sd.Seat))
	}
	if sd.Seat != r.seat { // (this device's own, passed back, it took when it made it)
		err := c.dealer.Receive(sd.Msg)
		switch {
		case errors.Is(err, deal.ErrDuplicate):
			return nil, fmt.Errorf("%s sent again, as a new message, what it had sent before", r.device(sd.Seat))
		case err != nil:
			return []SignedDeal{sd}, err
		}
	}
	c.keep(sd)
	if sd.Msg.Audit != nil && sd.Seat != r.seat {
		if at, ok := c.audAt[sd.Seat]; !ok || sd.Moves < at {
			c.audAt[sd.Seat] = sd.Moves
		}
	}
	return nil, c.show()
}

// cheat stops the game on proof that a device broke the deal, and sends the proof to every
// device (and to each greeted later), which checks it itself. A proof that names no device
// (a false pass, seen when a card opened to none) starts the audit, which names it.
func (c *dealtGame) cheat(err error, evidence *message) {
	r := c.r
	if r.halt.stopped() {
		return
	}
	var e *deal.Error
	if errors.As(err, &e) && e.Seat >= 0 {
		r.stop(fmt.Sprintf("%s broke the deal of the cards (%s: %s): it runs modified code, and the game cannot go on fairly.", capital(r.device(e.Seat)), e.Step, e.Msg))
	} else {
		r.stop(fmt.Sprintf("The deal of the cards was false (%v); the audit names the device.", err))
		c.startAudit()
	}
	if evidence != nil {
		evidence.Game = r.ledger.genesis.Game
		c.proofs = append(c.proofs, *evidence)
		r.broadcast(*evidence)
	}
}

// sendProofs sends a device the proofs of cheating this one holds.
func (c *dealtGame) sendProofs(to string) {
	for _, m := range c.proofs {
		c.r.send(to, m)
	}
}

// sendPending sends a device the move waiting for the deal here, if any.
func (c *dealtGame) sendPending(to string) {
	if c.wait.on {
		s := c.wait.s
		c.r.send(to, message{Type: msgMove, Move: &s})
	}
}

// settle runs after every event: apply the move that waited for the deal, send this device's
// deal messages, and at the end of the game (or when it stopped, or another device called
// the audit) publish every key and run the audit once all are in.
func (c *dealtGame) settle() {
	r := c.r
	if c.wait.on && !r.halt.stopped() {
		if err := c.apply(); err != nil && !errors.Is(err, errPending) {
			r.notify(true, "Refused a move: %v.", err)
		}
	}
	g := r.ledger.Game()
	var called []int // seats that published their keys with no more moves than this device holds
	for seat, at := range c.audAt {
		if at <= r.ledger.Len() {
			called = append(called, seat)
		}
	}
	slices.Sort(called)
	if !c.audit.started && !c.wait.on && (g.Over() || len(called) > 0 || r.halt.ending != nil) {
		if !g.Over() && !r.halt.stopped() {
			r.stop(fmt.Sprintf("%s published every key of the deal before the end of the game: the game cannot go on, and every device audits the deal.", capital(r.devices(called))))
		}
		c.startAudit()
	}
	c.flush()
	// The screen shows this player's cards and what the deal waits for: redraw when either changed.
	if seen := fmt.Sprint(len(g.Reveals()), c.dealer.Waiting()); seen != c.screen {
		c.screen, r.out.ready.Changed = seen, true
	}
	if c.audit.started && !c.audit.done() {
		switch err := c.dealer.Audit(); {
		case err == nil:
			c.audit.result, c.audit.refused = "The deal was audited: every card dealt, drawn and played was the card the shuffled deck held.", nil
			r.notify(false, "%s", c.audit.result)
		case errors.Is(err, deal.ErrNotYet):
			var whys []string // (the devices named as refusing it, if any; a late key still completes it)
			for seat := range profile.MaxPlayers {
				if why, ok := c.audit.refused[seat]; ok {
					whys = append(whys, why)
				}
			}
			c.audit.result = strings.Join(whys, " ")
		default:
			c.audit.result, c.audit.refused = fmt.Sprintf("The audit of the deal failed: %v.", err), nil
			r.notify(true, "%s", c.audit.result)
		}
		// Saved with every seat's keys in, the deal can be checked again from the store or an
		// exported file (dealer.Record).
		r.out.ready.Save = r.out.ready.Save || c.audit.result != ""
	}
}

// startAudit has this device publish every key of the deal (sent by settle), once.
func (c *dealtGame) startAudit() {
	if c.audit.started {
		return
	}
	c.audit.started = true
	if err := c.dealer.AuditKeys(); err != nil {
		c.r.notify(true, "The audit of the deal cannot start: %v.", err)
	}
}

// done reports whether the audit has its outcome: every key was in, and it passed or failed.
func (a *auditState) done() bool { return a.result != "" && len(a.refused) == 0 }

// refusedAudit: a device withheld its audit keys past Timing.Stall; the audit names it (its
// outcome until the keys come, if they ever do), and the record keeps it.
func (c *dealtGame) refusedAudit(seat int, why string) {
	if c.audit.done() {
		return
	}
	if c.audit.refused == nil {
		c.audit.refused = map[int]string{}
	}
	c.audit.refused[seat] = why
	c.r.notify(true, "%s", why)
	c.r.out.ready.Save = true
}

// stalls adds what the deal waits for from each device: its passes and keys while the game
// goes on, its audit keys once the audit started.
func (c *dealtGame) stalls(into map[int]reason) {
	if c.audit.started {
		if !c.audit.done() {
			for _, seat := range c.dealer.AuditMissing() {
				if seat != c.r.seat {
					into[seat] = reason{waitAudit, "its keys for the audit of the deal"}
				}
			}
		}
		return
	}
	if c.r.halt.stopped() || c.r.ledger.Game().Over() {
		return
	}
	for seat, what := range c.dealer.Stalled() {
		into[seat] = reason{waitDeal, what}
	}
}

// append is Append for a dealt game: the ledger's checks, then the proof of the cards, then
// the tile, each of which may hold the move (errPending) until the deal catches up.
func (c *dealtGame) append(s Signed, _ BotPolicy) error {
	if c.wait.on && sameContent(c.wait.s, s) {
		return errPending
	}
	next, err := c.r.ledger.admit(s, nil)
	if err != nil || !next {
		return err
	}
	c.wait = pendingMove{on: true, s: s}
	c.r.out.ready.Save = true
	return c.apply()
}

// apply applies the pending move if the deal lets it now; errPending if not yet.
func (c *dealtGame) apply() error {
	r := c.r
	pd := &c.wait
	g := r.ledger.Game()
	if !pd.checked {
		if err := c.dealer.CheckPlay(pd.s.Move, pd.s.Proof); err != nil {
			if errors.Is(err, deal.ErrNotYet) {
				return errPending
			}
			s := pd.s
			c.wait = pendingMove{}
			if errors.Is(err, deal.ErrCheat) {
				c.cheat(err, &message{Type: msgMove, Move: &s})
				return err
			}
			return refuse(RefuseIllegal, s, "move %d's proof of its cards: %v", s.Index+1, err)
		}
		pd.checked = true
		r.out.ready.Save = true
	}
	if tile, need := g.NeedsReveal(pd.s.Move); need {
		if !pd.turned {
			pd.turned, r.out.ready.Save = true, true
			if err := c.dealer.TurnOver(tile); err != nil {
				r.notify(true, "The Distant Market tile cannot be turned over: %v.", err)
			}
		}
		if err := c.show(); err != nil {
			c.cheat(err, nil)
			return err
		}
		if _, need := g.NeedsReveal(pd.s.Move); need {
			return errPending
		}
	}
	done := *pd
	c.wait = pendingMove{}
	n := r.ledger.Len()
	if err := r.ledger.Append(done.s, nil); err != nil {
		return err
	}
	if err := c.dealer.Update(dealer.TableOf(g)); err == nil {
		err = c.show()
		if err != nil {
			c.cheat(err, nil)
		}
	} else {
		c.cheat(err, nil)
	}
	if r.ledger.Len() > n {
		r.committed()
		if !done.mine || done.turned { // (this device's own move goes out with its hash, unless it went out before)
			r.ack(done.s.Index)
		}
	}
	return nil
}

// play signs and commits this device's own move in a dealt game, with the proof of the cards
// it plays; a sale to the Distant Market goes out first and is applied here, as everywhere,
// once its tile is turned over.
func (c *dealtGame) play(m engine.Move, bot bool) error {
	r := c.r
	g := r.ledger.Game()
	switch {
	case bot:
		return errors.New("No bot plays in a game whose cards the devices deal.")
	case c.wait.on:
		return errors.New("The last move waits for the cards to be dealt; play again in a moment.")
	case !c.dealer.Ready():
		return fmt.Errorf("The cards are still being dealt: waiting for %s.", r.devices(c.dealer.Waiting()))
	}
	if err := g.Check(m); err != nil {
		return err
	}
	proof, err := c.dealer.PlayProof(m)
	if err != nil {
		return err
	}
	s := r.id.SignPlayed(r.ledger.genesis.Game, r.ledger.Next(), m, proof)
	next, err := r.ledger.admit(s, nil)
	if err != nil || !next {
		return err
	}
	c.wait = pendingMove{on: true, s: s, mine: true, checked: true}
	if _, need := g.NeedsReveal(m); need {
		// The sale goes out first, and then this device's key for its tile (settle, after),
		// so that no device can turn the tile over before it holds the move.
		r.broadcast(message{Type: msgMove, Move: &s}) // no hash yet: it follows in an acknowledgement
		if err := c.apply(); err != nil && !errors.Is(err, errPending) {
			return err
		}
		return nil
	}
	if err := c.apply(); err != nil {
		return err
	}
	r.broadcast(message{Type: msgMove, Move: &s, Hash: hashString(g.Hash())})
	return nil
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
	Heard    int               `json:"heard,omitempty"`  // this seat's messages sent to every device
	Counts   []int             `json:"counts,omitempty"` // by seat: the messages taken from it
	Pending  *Signed           `json:"pending,omitempty"`
	Checked  bool              `json:"checked,omitempty"` // the pending move's proof was checked
	Turned   bool              `json:"turned,omitempty"`  // this device published its key for its tile
	Mine     bool              `json:"mine,omitempty"`    // the pending move is this device's own
	Stopped  string            `json:"stopped,omitempty"`
	Evidence []json.RawMessage `json:"evidence,omitempty"`
	Auditing bool              `json:"auditing,omitempty"`
	Audit    string            `json:"audit,omitempty"`
	Refused  map[int]string    `json:"refused,omitempty"` // devices named as refusing the audit
	AuditAt  map[int]int       `json:"auditAt,omitempty"`
}

// DealState is the dealt game's state to store (nil in a game dealt from its seed).
func (r *Replica) DealState() *DealSaved {
	c, ok := r.cards.(*dealtGame)
	if !ok {
		return nil
	}
	var own []SignedDeal // (the other seats' messages come again from their devices)
	for _, sd := range c.deals {
		if sd.Seat == r.seat {
			own = append(own, sd)
		}
	}
	s := &DealSaved{Dealer: c.dealer.Save(), Deals: own,
		Reveals: append([]engine.Reveal(nil), r.ledger.Game().Reveals()...), Seq: c.seq, Heard: c.heard, Counts: append([]int(nil), c.count...),
		Stopped: r.halt.why, Auditing: c.audit.started, Audit: c.audit.result,
		Refused: maps.Clone(c.audit.refused), AuditAt: maps.Clone(c.audAt)}
	if pd := c.wait; pd.on {
		p := pd.s
		s.Pending, s.Checked, s.Turned, s.Mine = &p, pd.checked, pd.turned, pd.mine
	}
	for _, m := range c.proofs {
		s.Evidence = append(s.Evidence, encode(m))
	}
	return s
}

// ResumeDealt takes up a dealt game on this device from what it stored: its signed moves
// and its DealSaved. The moves are checked like any record, replayed with what the deal had
// shown the game, and the dealer is restored (each deal re-checked, its points as they are
// first used: CheckDeal checks them all).
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
	d, err := dealer.Restore(dealer.TableOf(l.Game()), saved.Dealer, rand)
	if err != nil {
		return nil, fmt.Errorf("the stored deal does not verify: %w", err)
	}
	r := newReplica(id, seat, l, timing)
	c := &dealtGame{r: r, dealer: d, count: make([]int, len(g.Keys)), seen: map[[2]int][]byte{}, audAt: map[int]int{}, seq: saved.Seq, heard: min(saved.Heard, saved.Seq),
		bound: dealer.MaxMessages(l.Game().State().Edition(), len(g.Keys)),
		audit: auditState{started: saved.Auditing, result: saved.Audit, refused: maps.Clone(saved.Refused)}}
	r.cards = c
	r.halt.why = saved.Stopped
	for i, sd := range saved.Deals {
		if sd.Game != g.Game || sd.Seat != seat || sd.Seq != i || !g.Keys[sd.Seat].verify(sd.content(), sd.Sig) {
			return nil, fmt.Errorf("a stored deal message does not verify")
		}
		c.keep(sd)
	}
	if saved.Counts != nil {
		if len(saved.Counts) != len(g.Keys) {
			return nil, fmt.Errorf("the stored deal counts the messages of %d seats", len(saved.Counts))
		}
		for s, n := range saved.Counts {
			if s != seat {
				c.count[s] = n // (the dealer holds what they said; they are not kept to pass on)
			}
		}
	}
	for seat, at := range saved.AuditAt {
		c.audAt[seat] = at
	}
	for _, e := range saved.Evidence {
		m, err := decode(e)
		if err != nil || m.Game != g.Game {
			return nil, fmt.Errorf("a stored proof of cheating does not read: %v", err)
		}
		c.proofs = append(c.proofs, m)
	}
	if s := saved.Pending; s != nil {
		next, err := l.admit(*s, nil)
		if err != nil || !next {
			return nil, fmt.Errorf("the stored move waiting for the deal is not the next move: %v", err)
		}
		c.wait = pendingMove{on: true, s: *s, mine: saved.Mine, checked: saved.Checked, turned: saved.Turned}
	}
	if err := c.show(); err != nil {
		return nil, err
	}
	r.out.ready.Save = false
	return r, nil
}

// CheckDeal checks every point of the deal that ResumeDealt leaves to be checked when first
// used (dealer.Check): for a game taken up from outside this device's own store.
func (r *Replica) CheckDeal() error {
	if c, ok := r.cards.(*dealtGame); ok {
		return c.dealer.Check()
	}
	return nil
}

// VerifyDealtRecord is VerifyRecord for a game whose cards the devices dealt: each move
// checked and applied after what the deal had shown the game before it (a device's own
// cards, the Distant Market tiles), as its record keeps them (engine.Record.Reveals). The
// deal itself is not re-checked: that needs its messages and audit keys (deal.Verify).
func VerifyDealtRecord(g Genesis, moves []Signed, reveals []engine.Reveal) (*Ledger, error) {
	return verifyRecord(g, moves, nil, reveals, nil)
}

// Unentitled counts the positions of the deal this device can open that it may not see: not
// dealt to it, not opened to all, and not the tile of a sale waiting for it (a check for
// tests and debugging: 0 on an honest device).
func (r *Replica) Unentitled() int {
	if c, ok := r.cards.(*dealtGame); ok {
		return c.dealer.Unentitled(c.wait.on)
	}
	return 0
}
