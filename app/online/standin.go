package online

import (
	"errors"
	"fmt"
	"time"

	"brass/engine"
)

// Stand-in bots of an own-pace game. Over a mailbox the devices are never together, so no
// device can see another's player away, and the live game's seat bots (seatbot.go), which
// ask every device there, do not apply. What every device of a mailbox game does share is
// the mailbox's log: one order of every message, each with the mailbox's time. So the rule of
// an own-pace game's time per turn is decided from the log alone, the same way on every
// device, this one's own messages included (they come back as Echo events):
//   - the turn under way began at the mailbox's time of the message that carried the move
//     that began it (the genesis's time for the first turn: the shell says it, SetPace);
//   - a claim that a bot plays seat S (seat-bot, naming the move it is for) counts only where
//     it stands in the log after S's turn ran past the game's time per turn by that same
//     clock, while S is to move and no other bot plays S; the first such claim wins;
//   - a bot's move for S counts only while the claim of its runner holds, where it stands in
//     the log; S's own move after the claim ends it, and so does a hand-back, its runner's or
//     S's own (S's device sends one as soon as it has read the log and found the bot: the
//     player is back);
//   - a move whose turn could be contested (a bot's, or the player's own while a bot holds
//     their seat or their time is nearly out) is not applied when made: it is sent, and
//     applied where the log puts it, by every device alike, its maker's too. A move the log
//     puts after a rival for its place is dropped everywhere, named and not held against
//     its maker.
// No device's clock decides anything but when to send: a claim made too early by a fast
// clock is refused by every device alike, and can be made again.

// StandIn is a bot playing an own-pace seat past its time: the seat whose device runs it,
// its level, and the mailbox's time of the claim that began it.
type StandIn struct {
	Runner int    `json:"runner"`
	Level  string `json:"level"`
	At     int64  `json:"at"`
}

// PaceState is what a device stores of its own-pace game's clock and stand-ins (the shell
// stores it with the game and gives it back to SetPace when the game is taken up again).
type PaceState struct {
	// Since is the mailbox's time (Unix ms) the turn under way began, 0 while not known;
	// Moves the moves of the game then.
	Since int64 `json:"since,omitempty"`
	Moves int   `json:"moves"`
	// Bots are the stand-ins, by seat.
	Bots map[int]StandIn `json:"bots,omitempty"`
	// Sent is this device's move sent to be applied where the log puts it, not yet read back.
	Sent *Signed `json:"sent,omitempty"`
	// Claims counts this device's claims, so that each is a message of its own.
	Claims int `json:"claims,omitempty"`
}

// paceRule is an own-pace game's rule of time on this device (nil in a live game).
type paceRule struct {
	limit int64 // the time per turn, ms (0: none)
	at    int64 // the mailbox's time of the log message being taken now (0: none)
	late  bool  // the shell says this player's turn is nearly or quite out of time
	turn  turnKey
	seen  int // the moves looked at for a player's return
	state PaceState
}

// turnKey tells one turn from the next: who acts, in which round and era, at which place of
// the order (a player last in a round and first in the next has two turns in a row).
type turnKey struct {
	era, round, pos, actor int
}

func turnOf(s *engine.State) turnKey {
	return turnKey{int(s.Era), int(s.Round), int(s.TurnPos), s.Actor()}
}

// SetPace makes the game an own-pace one with a time per turn (0: none), from what was
// stored (a new game: Since the genesis's time in the mailbox, Moves 0).
func (r *Replica) SetPace(limit time.Duration, st PaceState) {
	p := &paceRule{limit: limit.Milliseconds(), state: st, turn: turnOf(r.ledger.Game().State()), seen: r.ledger.Len()}
	if p.state.Bots == nil {
		p.state.Bots = map[int]StandIn{}
	}
	if st.Moves != r.ledger.Len() {
		p.state.Since, p.state.Moves = 0, r.ledger.Len() // stored before the last move: not known
	}
	r.pace = p
}

// PaceState is the own-pace state to store (the zero value in a live game).
func (r *Replica) PaceState() PaceState {
	if r.pace == nil {
		return PaceState{}
	}
	st := r.pace.state
	st.Bots = make(map[int]StandIn, len(r.pace.state.Bots))
	for s, b := range r.pace.state.Bots {
		st.Bots[s] = b
	}
	return st
}

// TurnSince is the mailbox's time (Unix ms) the turn under way began in an own-pace game (0:
// not known yet, or a live game).
func (r *Replica) TurnSince() int64 {
	if r.pace == nil {
		return 0
	}
	return r.pace.state.Since
}

// SetTurnLate tells the core that, by this device's clock, its player's turn is nearly or
// quite out of time: their move then counts where the log puts it, against any bot's.
func (r *Replica) SetTurnLate(late bool) {
	if r.pace != nil {
		r.pace.late = late
	}
}

// StandInFor is the stand-in playing seat, if any.
func (r *Replica) StandInFor(seat int) (StandIn, bool) {
	if r.pace == nil {
		return StandIn{}, false
	}
	b, ok := r.pace.state.Bots[seat]
	return b, ok
}

// Sending reports whether this device's move is on its way through the mailbox, to be
// applied where the log puts it.
func (r *Replica) Sending() bool { return r.pace != nil && r.pace.state.Sent != nil }

// overdue reports whether seat's turn has run past the time per turn at the mailbox's time
// of the message being taken.
func (p *paceRule) overdue() bool {
	return p.limit > 0 && p.state.Since > 0 && p.at > 0 && p.at >= p.state.Since+p.limit
}

// letStandIn claims seat for a bot of level run here, its player's turn having run past its
// time by this device's clock (the shell's word); it counts once the log shows it so.
func (r *Replica) letStandIn(seat int, level string) error {
	p := r.pace
	g := r.ledger.Game()
	switch {
	case r.cards.dealt():
		return fmt.Errorf("The devices deal this game's cards, so no bot can play %s's seat: it would need their cards.", r.name(seat))
	case p.limit == 0:
		return errors.New("This game has no time per turn, so no bot plays another's seat.")
	case g.State().Actor() != seat:
		return fmt.Errorf("It is not %s's turn.", r.name(seat))
	case p.state.Bots[seat] != (StandIn{}):
		b := p.state.Bots[seat]
		return fmt.Errorf("%s on %s already plays for %s.", capital(aBot(b.Level)), r.device(b.Runner), r.name(seat))
	}
	p.state.Claims++
	r.out.ready.Save = true
	r.broadcast(message{Type: msgSeatBot, Seat: seat, Level: level, At: r.ledger.Len(), Count: p.state.Claims})
	r.notify(false, "Asked for %s to play for %s: it plays once the mailbox shows their time has run out.", aBot(level), r.name(seat))
	return nil
}

// StopStandIn hands seat back from the bot playing it: this device's bot, or, for this
// device's own seat, whichever device's (its player is back). It counts where the log puts
// it: a bot's moves before it count, after it none.
func (r *Replica) StopStandIn(seat int) error {
	defer r.after()
	if b, ok := r.StandInFor(seat); !ok || b.Runner != r.seat && seat != r.seat {
		return errors.New("No bot on this device plays that seat.")
	}
	r.broadcast(message{Type: msgSeatBot, Seat: seat, At: r.ledger.Len()})
	return nil
}

// onPaceSeatBot takes a claim or a hand-back where the log puts it (runner: its sender, this
// device's own seat for an echo).
func (r *Replica) onPaceSeatBot(runner int, m message) {
	p := r.pace
	seat := m.Seat
	b, held := p.state.Bots[seat]
	if m.Level == "" {
		if held && (b.Runner == runner || seat == runner) && p.at >= b.At {
			delete(p.state.Bots, seat)
			r.out.ready.Save, r.out.ready.Changed = true, true
			if seat == r.seat {
				r.notify(false, "Your seat is yours again.")
			} else {
				r.notify(false, "The bot playing for %s stopped: %s plays their own seat again.", r.name(seat), r.name(seat))
			}
		}
		return
	}
	g := r.ledger.Game()
	switch {
	case held || runner == seat || seat < 0 || m.At != r.ledger.Len() || g.State().Actor() != seat:
		return // another bot plays it, or a claim for a turn that is over: nothing to say
	case r.cards.dealt():
		r.notify(true, "%s asked for a bot to play %s seat in a game whose cards the devices deal; refused.", capital(r.name(runner)), r.possessive(seat))
		return
	case !botLevel(m.Level):
		r.notify(true, "Ignored a claim from %s for a bot of no known level.", r.device(runner))
		return
	case !p.overdue():
		r.notify(true, "%s asked for a bot to play %s seat before the turn ran out of time by the mailbox's clock; refused.", capital(r.name(runner)), r.possessive(seat))
		return
	}
	p.state.Bots[seat] = StandIn{Runner: runner, Level: m.Level, At: p.at}
	r.out.ready.Save, r.out.ready.Changed = true, true
	switch {
	case seat == r.seat:
		r.notify(false, "Your turn ran out of time: %s on %s plays for you until you play again.", aBot(m.Level), r.device(runner))
	case runner == r.seat:
		r.notify(false, "%s on your device plays for %s until they play again.", capital(aBot(m.Level)), r.name(seat))
	default:
		r.notify(false, "%s let %s play for %s until they play again.", capital(r.name(runner)), aBot(m.Level), r.name(seat))
	}
}

// paceBotMayMove is the own-pace rule for a bot's move: its runner's claim holds.
func (r *Replica) paceBotMayMove(seat, runner int) bool {
	b, ok := r.pace.state.Bots[seat]
	return ok && b.Runner == runner
}

// paceToMove is BotToMove in an own-pace game.
func (r *Replica) paceToMove() int {
	g := r.ledger.Game()
	seat := g.State().Actor()
	if r.halt.stopped() || g.Over() || r.pace.state.Sent != nil {
		return -1
	}
	if b, ok := r.pace.state.Bots[seat]; ok && b.Runner == r.seat && seat != r.seat {
		return seat
	}
	return -1
}

// contested reports whether a move for seat must count only where the log puts it.
func (r *Replica) contested(m engine.Move) bool {
	p := r.pace
	if p == nil {
		return false
	}
	if m.Player != r.seat {
		return true
	}
	_, held := p.state.Bots[r.seat]
	return held || p.late
}

// send signs a contested move and sends it, to be applied where the log puts it.
func (r *Replica) sendContested(m engine.Move, bot bool) error {
	if r.pace.state.Sent != nil {
		return errors.New("Your last move is on its way through the mailbox; play again in a moment.")
	}
	if err := r.ledger.Game().Check(m); err != nil {
		return err
	}
	s := r.id.SignMove(r.ledger.genesis.Game, r.ledger.Next(), m, bot)
	if _, err := r.ledger.admit(s, func(seat, runner int) bool { return r.paceBotMayMove(seat, runner) }); err != nil {
		return err
	}
	r.pace.state.Sent = &s
	r.out.ready.Save, r.out.ready.Changed = true, true // stored before it goes: it is sent again, never another
	r.broadcast(message{Type: msgMove, Move: &s})
	return nil
}

// ResendContested sends again the move on its way, once a visit has read the whole log
// without finding it (the visit that sent it ended before the mailbox stored it): the same
// message, so a mailbox that did store it keeps it once.
func (r *Replica) ResendContested() {
	if r.pace != nil && r.pace.state.Sent != nil {
		s := *r.pace.state.Sent
		r.broadcast(message{Type: msgMove, Move: &s})
	}
}

// echo takes one of this device's own messages where the log puts it: its contested moves
// and its claims count there, and the time of a move it made begins the next turn there.
func (r *Replica) echo(data []byte) {
	if r.pace == nil {
		return
	}
	m, err := decode(data)
	if err != nil || m.Game != r.ledger.genesis.Game {
		return
	}
	switch m.Type {
	case msgSeatBot:
		r.onPaceSeatBot(r.seat, m)
	case msgMove:
		if m.Move == nil {
			return
		}
		s := *m.Move
		p := r.pace
		if sent := p.state.Sent; sent != nil && sent.Index == s.Index && sameContent(*sent, s) {
			p.state.Sent, r.out.ready.Save = nil, true
		}
		n := r.ledger.Len()
		err := r.ledger.Append(s, func(seat, runner int) bool { return r.paceBotMayMove(seat, runner) })
		switch {
		case err == nil && r.ledger.Len() > n:
			r.committed()
			r.ack(s.Index)
		case err == nil:
			// Applied when made: its time, where the log puts it, begins the next turn.
			if p.state.Since == 0 && s.Index == p.state.Moves-1 {
				p.state.Since, r.out.ready.Save = p.at, true
			}
		default:
			r.lostPlace(s)
		}
	}
}

// lostPlace names a contested move the log put after a rival for its place: it counts on no
// device.
func (r *Replica) lostPlace(s Signed) {
	switch {
	case s.Seat() != r.seat && r.ledger.genesis.seatOf(s.Signer) == r.seat:
		r.notify(false, "Your bot's move for %s did not count: %s played first.", r.name(s.Seat()), r.name(s.Seat()))
	case s.Seat() == r.seat:
		r.notify(false, "Your move did not count: the bot playing for you moved first. Play again.")
	}
	r.out.ready.Changed = true
}

// staleContest reports whether a refused move is a contested move that lost its place in
// the log (dropped on every device, held against none): a bot's move whose claim no longer
// holds, or a move for a place a bot's or its player's move took first.
func (r *Replica) staleContest(s Signed, ref *Refusal) bool {
	if r.pace == nil {
		return false
	}
	switch ref.Kind {
	case RefuseBot:
		return s.Bot
	case RefuseRewrite, RefuseStale, RefuseChain, RefuseState:
		return s.Index < r.ledger.Len() && (s.Bot || r.ledger.At(s.Index).Bot)
	}
	return false
}

// paceAfter keeps the turn's clock and the stand-ins after every event: a new turn begins at
// the mailbox's time of the message being taken (this device's own move: at its echo), and a
// player's own move ends any bot playing their seat.
func (r *Replica) paceAfter() {
	p := r.pace
	if p == nil {
		return
	}
	if sent := p.state.Sent; sent != nil && sent.Index < r.ledger.Len() && !sameContent(r.ledger.At(sent.Index), *sent) {
		p.state.Sent, r.out.ready.Save = nil, true // another move took its place (its echo, if it comes, is dropped)
		r.lostPlace(*sent)
	}
	for ; p.seen < r.ledger.Len(); p.seen++ {
		s := r.ledger.At(p.seen)
		if _, held := p.state.Bots[s.Seat()]; held && !s.Bot {
			delete(p.state.Bots, s.Seat())
			r.out.ready.Save = true
			if s.Seat() == r.seat {
				r.notify(false, "Your seat is yours again.")
			} else {
				r.notify(false, "%s is back and plays their own seat again.", capital(r.name(s.Seat())))
			}
		}
	}
	if k := turnOf(r.ledger.Game().State()); k != p.turn {
		p.turn, p.state.Moves, p.state.Since = k, r.ledger.Len(), p.at
		r.out.ready.Save = true
	}
}
