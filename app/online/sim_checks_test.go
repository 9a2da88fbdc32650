package online

import (
	"fmt"
	"strings"
	"time"

	"brass/engine"
)

// The simulator's checks. After every event, on every honest device:
//   - no accepted move is lost or changed but by an undo its maker asked for;
//   - no move of its own seat is one it did not sign, but a bot's signed while it was not here
//     (out of the room, or not yet caught up in it);
//   - what it holds and stores stays within what the game allows (claims, stalls watched,
//     undo proofs, the slots it remembers to catch equivocation, the deal's messages);
//   - every wait on another device longer than Timing.Stall has named that device (or, for a
//     claim or an undo request, ended);
//   - in a dealt game, it holds no card it may not see.
// At the end, after healing the network: the honest devices hold one record whose every move
// verifies and the game went on, or every honest device stopped (proof of cheating, or a
// player ended the game), or, with seat bots in a partition, both sides name each other; in
// the lobby, a device that never reveals was named by every honest device.

// snapshot is what the checks compare before and after an event: each honest device's chain
// links (a copy: an undo reuses the ledger's array).
func (s *sim) snapshot() [][]Link {
	out := make([][]Link, len(s.nodes))
	for i, n := range s.nodes {
		if n.r != nil && !n.byz {
			out[i] = append([]Link{}, n.r.Ledger().links...)
		}
	}
	return out
}

func (s *sim) check(before [][]Link) {
	sale := false // a sale to the Distant Market was signed and waits for its tile
	for _, n := range s.nodes {
		if c, ok := cardsOf(n.r); ok && c.wait.on && c.wait.s.Move.Port == engine.DistantMarketID {
			sale = true
		}
	}
	for i, n := range s.nodes {
		if n.r == nil || n.byz {
			continue
		}
		if s.cfg.Dealt {
			if err := holdsOnlyItsOwn(n.r, n.r.Seat(), sale); err != nil {
				s.fail("node %d: %v", n.i, err)
				return
			}
		}
		if before[i] != nil && !s.keptItsMoves(n, before[i]) {
			return
		}
		s.ownSeatIsItsOwn(n)
		s.withinBounds(n)
		s.stallsNamed(n)
		if s.failure != "" {
			return
		}
	}
}

// keptItsMoves: an honest device never loses or changes an accepted move but by an undo its
// maker asked for, and its own moves are never replaced.
func (s *sim) keptItsMoves(n *simNode, before []Link) bool {
	l := n.r.Ledger()
	now := l.links
	for k, old := range before {
		if k < len(now) && now[k] == old {
			continue
		}
		// Only the last accepted move may go, taken back by an undo (a catch-up can bring the
		// undo and the move made again in its place at once).
		if k != len(before)-1 || (k < len(now) && l.takes[k] == 0) {
			s.fail("node %d: accepted move %d changed", n.i, k+1)
			return false
		}
		maker, take := -1, -1
		for slot, link := range s.made {
			if slot[0] == k && link == old {
				maker, take = s.madeBy[slot], slot[1]
			}
		}
		if maker < 0 {
			break // a bot's or a modified device's move: its undo needed its maker's request too
		}
		if k < len(now) && l.moves[k].Take <= take {
			s.fail("node %d: accepted move %d (take %d) replaced by take %d", n.i, k+1, take, l.moves[k].Take)
			return false
		}
		if !s.asked[[2]int{k, take}] {
			s.fail("node %d: move %d of honest seat %d was taken back though its player never asked", n.i, k+1, maker+1)
			return false
		}
		break
	}
	for slot, link := range n.ownMade {
		if slot[0] < len(now) && l.moves[slot[0]].Take == slot[1] && now[slot[0]] != link {
			s.fail("node %d: its own move %d was replaced", n.i, slot[0]+1)
			return false
		}
	}
	return true
}

// ownSeatIsItsOwn: every move of an honest device's seat in its own record is one it signed,
// or a bot's signed while that device was not here. (Each move is looked at once: the moves
// before the last one looked at cannot change but by an undo, which shortens the record.)
func (s *sim) ownSeatIsItsOwn(n *simNode) {
	l := n.r.Ledger()
	from := min(s.checked[n.r], l.Len())
	for i := from; i < l.Len(); i++ {
		m := l.At(i)
		if m.Seat() != n.seat {
			continue
		}
		switch present, known := s.bots[l.links[i]]; {
		case !m.Bot && m.Signer != n.id.Public():
			s.fail("node %d: its move %d is signed by another key", n.i, i+1)
		case m.Bot && !known:
			s.fail("node %d: its move %d is a bot's the simulation never saw signed", n.i, i+1)
		case m.Bot && present:
			s.fail("node %d: its move %d is a bot's, signed while it was here", n.i, i+1)
		}
	}
	s.checked[n.r] = max(l.Len()-1, 0) // (the last move may yet be taken back and made again)
}

// withinBounds: what an honest device holds and stores of what its peers sent stays within
// what the game allows at that moment.
func (s *sim) withinBounds(n *simNode) {
	r := n.r
	players := len(s.g.Keys)
	l := r.Ledger()
	slots := 0
	for i := 0; i <= l.Len(); i++ {
		slots += l.takes[i] + 1
	}
	switch {
	case len(r.claims) > players-1:
		s.fail("node %d holds %d claims", n.i, len(r.claims))
	case len(r.stalls.waits) > players-1:
		s.fail("node %d watches %d stalls", n.i, len(r.stalls.waits))
	case len(l.undos) > len(s.asked)+len(s.requested) || len(n.undos) > len(s.asked)+len(s.requested):
		s.fail("node %d holds %d undo proofs (%d stored) for %d undo requests ever made", n.i, len(l.undos), len(n.undos), len(s.asked)+len(s.requested))
	case len(l.seen) > players*slots:
		s.fail("node %d remembers %d signed slots, the game has %d", n.i, len(l.seen), players*slots)
	}
	if c, ok := cardsOf(r); ok {
		for seat, k := range c.count {
			if k > c.bound {
				s.fail("node %d took %d deal messages from seat %d, a game has at most %d", n.i, k, seat+1, c.bound)
			}
		}
		if held := c.dealer.HeldMessages(); held > dealerMaxHeld*players {
			s.fail("node %d keeps %d deal messages for later", n.i, held)
		}
	}
}

// dealerMaxHeld is app/dealer's bound on one seat's messages kept for later.
const dealerMaxHeld = 8

// stallsNamed: a device the game has waited on for longer than Timing.Stall is named (a
// claim or an undo request is dropped instead).
func (s *sim) stallsNamed(n *simNode) {
	since := s.waits[n.r]
	if since == nil {
		since = map[int]time.Duration{}
		s.waits[n.r] = since
	}
	live := map[int]bool{}
	for seat, w := range n.r.stalls.waits {
		live[w.gen] = true
		start, ok := since[w.gen]
		if !ok {
			since[w.gen] = s.now
			continue
		}
		if s.now-start <= simTiming.Stall+time.Second {
			continue
		}
		switch {
		case w.kind == waitClaim || w.kind == waitUndo:
			s.fail("node %d has waited %v on seat %d's device (%s): the claim or request was not dropped", n.i, s.now-start, seat+1, w.what)
			return
		case !w.named:
			s.fail("node %d has waited %v on seat %d's device (%s) and not named it", n.i, s.now-start, seat+1, w.what)
			return
		}
	}
	for gen := range since {
		if !live[gen] {
			delete(since, gen)
		}
	}
}

// converged checks that the honest devices hold one record, every move of which verifies.
func (s *sim) converged() error {
	var ref *simNode
	for _, n := range s.nodes {
		if n.byz || !n.begun {
			continue
		}
		if err := s.verify(n); err != nil {
			return err
		}
		if ref == nil {
			ref = n
			continue
		}
		a, b := ref.r.Ledger(), n.r.Ledger()
		if a.Len() != b.Len() || a.Len() > 0 && a.tip() != b.tip() {
			same := 0
			for same < min(a.Len(), b.Len()) && a.links[same] == b.links[same] {
				same++
			}
			return fmt.Errorf("nodes %d and %d hold different records (%d and %d moves, the first %d the same; notices %q / %q)", ref.i, n.i, a.Len(), b.Len(), same, s.lastNotices(ref), s.lastNotices(n))
		}
	}
	return nil
}

func (s *sim) lastNotices(n *simNode) string {
	return strings.TrimSpace(n.r.Disagreement() + " " + n.r.Stopped())
}

// verify checks a device's record whole. A dealt game's record needs its deal to replay
// (its Distant Market tiles): it is compared between devices only.
func (s *sim) verify(n *simNode) error {
	if s.cfg.Dealt {
		return nil
	}
	if _, err := VerifyRecord(s.g, n.r.Ledger().Moves(), n.r.Ledger().Undos(), AnyRunner); err != nil {
		return fmt.Errorf("node %d's record does not verify: %v", n.i, err)
	}
	return nil
}

// outcome judges a finished simulation.
func (s *sim) outcome() string {
	if s.cfg.StallHost {
		// The game never begins; every honest guest named the host, every time.
		for _, n := range s.nodes {
			if n.byz {
				continue
			}
			if n.begun {
				return fmt.Sprintf("node %d began a game whose host never revealed its secret", n.i)
			}
			if !n.named {
				return fmt.Sprintf("node %d never named the host that never revealed", n.i)
			}
		}
		s.stats.Named++
		return ""
	}
	stopped, honest, out := 0, 0, 0
	for _, n := range s.nodes {
		if n.byz {
			if !n.begun && s.g.Game != "" {
				out++ // (it lost the draw's end and never began: its seat is away for good)
			}
			continue
		}
		if !n.begun {
			if s.g.Game == "" && s.cfg.Byzantine > 0 && s.namedEverywhere() {
				// Modified devices spoilt every draw (a device can always keep its secret):
				// what is owed is that each was named, on every honest device.
				s.stats.Named++
				return ""
			}
			if s.g.Game == "" {
				return fmt.Sprintf("node %d never began the game (its lobby: %d seats, phase %d)", n.i, len(n.lobby.Seats()), n.lobby.Phase())
			}
			// It crashed while the seed was drawn, after its commitment, and the others began
			// the game without it: its seat is away for good (a lobby is not stored).
			out++
			continue
		}
		honest++
		if n.r.Stopped() != "" {
			stopped++
		}
	}
	if stopped > 0 {
		if stopped < honest && !s.parted() {
			// (Devices parted for good, below, each hold their own history: an ending or a
			// proof after the parting belongs to one side's.)
			return fmt.Sprintf("only %d of %d honest devices stopped (proof of cheating, or an ending)", stopped, honest)
		}
		for _, n := range s.nodes {
			if !n.byz && n.begun {
				if err := s.verify(n); err != nil {
					return err.Error()
				}
				if n.r.Ended() != nil {
					s.stats.Ended++
				}
			}
		}
		return ""
	}
	if err := s.converged(); err != nil {
		// Honest devices may part for good only where a bot played a seat whose player's own
		// moves were still on their way (a partition): then both sides must say so, and the
		// game stops there rather than one side rewriting the other's moves.
		// Or where a modified device fed a device catching up a bot's move for a player who
		// was here (that player's device refused it): the same, both sides named.
		if !s.parted() {
			return err.Error()
		}
		s.stats.Parted++
		return ""
	}
	for _, n := range s.nodes {
		if !n.byz && out == 0 && n.r.Ledger().Len() < 20 && !n.r.Game().Over() {
			return fmt.Sprintf("the game got stuck at move %d", n.r.Ledger().Len())
		}
	}
	return ""
}

// namedEverywhere reports whether every honest device named a device that held the seed's
// draw up.
func (s *sim) namedEverywhere() bool {
	for _, n := range s.nodes {
		if !n.byz && !n.named {
			return false
		}
	}
	return true
}

// parted reports whether the honest devices that hold different records may: they parted at
// a bot's move (in a partition, or signed by a modified device), and each names the other.
func (s *sim) parted() bool {
	return (s.cfg.Bots || s.partedByHostileBot()) && s.partedVisibly()
}

// partedByHostileBot reports whether two honest devices' records part at a bot's move signed
// by a modified device.
func (s *sim) partedByHostileBot() bool {
	hostile := map[PublicKey]bool{}
	for _, n := range s.nodes {
		if n.hostile && n.begun {
			hostile[n.id.Public()] = true
		}
	}
	for _, a := range s.nodes {
		for _, b := range s.nodes {
			if a == b || a.byz || b.byz || !a.begun || !b.begun {
				continue
			}
			la, lb := a.r.Ledger(), b.r.Ledger()
			for k := 0; k < max(la.Len(), lb.Len()); k++ {
				if k < la.Len() && k < lb.Len() && la.links[k] == lb.links[k] {
					continue
				}
				// (where one holds no move at k, it refused the other's)
				if k < la.Len() && la.At(k).Bot && hostile[la.At(k).Signer] || k < lb.Len() && lb.At(k).Bot && hostile[lb.At(k).Signer] {
					return true
				}
				break
			}
		}
	}
	return false
}

// partedVisibly reports whether every honest device that holds another record than another
// honest device names it as differing.
func (s *sim) partedVisibly() bool {
	for _, a := range s.nodes {
		for _, b := range s.nodes {
			if a == b || a.byz || b.byz || !a.begun || !b.begun {
				continue
			}
			la, lb := a.r.Ledger(), b.r.Ledger()
			if la.Len() == lb.Len() && (la.Len() == 0 || la.tip() == lb.tip()) {
				continue
			}
			common := min(la.Len(), lb.Len())
			if common > 0 && la.links[common-1] == lb.links[common-1] {
				continue // one is behind the other, not on another history
			}
			if _, ok := a.r.differs[b.seat]; !ok {
				return false
			}
		}
	}
	return true
}

// holdsOnlyItsOwn: a dealt game's device holds no card it may not see, in its game (another
// hand's cards but wild ones, the deck, a face-down discard, a Distant Market tile not
// turned over but for a sale signed and waiting for it, whose tile any device holding the
// other seats' keys may open before it holds the sale) or in its deals (a position it can
// open that was neither dealt to it nor opened to all, the tile of such a sale aside).
func holdsOnlyItsOwn(r *Replica, seat int, sale bool) error {
	h := r.Game().State().Held(seat)
	if sale {
		h.Top = false // turned over for the sale waiting for it
	}
	if h != (engine.Held{}) {
		return fmt.Errorf("its game holds cards or tiles it may not see: %+v", h)
	}
	if n := dealtOf(r).dealer.Unentitled(sale); n > 0 {
		return fmt.Errorf("it can open %d positions of the deal that were neither dealt to it nor opened", n)
	}
	return nil
}

// cardsOf is a replica's dealt game, if it is one (a nil replica has none).
func cardsOf(r *Replica) (*dealtGame, bool) {
	if r == nil {
		return nil, false
	}
	c, ok := r.cards.(*dealtGame)
	return c, ok
}

func dealtOf(r *Replica) *dealtGame { return r.cards.(*dealtGame) }
