package online

import (
	"encoding/json"
	"fmt"
	"strings"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/engine"
)

// The devices running modified code. Each runs the real cores for its own seat (it needs
// their state to know what would pass) and, when it acts, sends what it likes: a message of
// any type the protocol has, its fields drawn from valid, stale, future, other players' and
// random values, signed correctly with a key it holds (its own, or a colluder's: the modified
// devices of a game share their keys), to any subset of its peers, or a message it saw before
// sent again (hostile); or one of the attacks that earlier rounds found (attack).

// remember keeps a message a modified device received or sent, to send again later.
func (n *simNode) remember(data []byte) {
	if len(n.seen) >= 64 {
		n.seen = n.seen[1:]
	}
	n.seen = append(n.seen, data)
}

// held is a key a modified device holds, and its seat.
type held struct {
	seat int
	id   Identity
}

// keys are the identities the modified devices hold (every modified device's), in seat order.
func (s *sim) keys() []held {
	var out []held
	for _, n := range s.nodes {
		if n.hostile && n.begun {
			out = append(out, held{n.seat, n.id})
		}
	}
	return out
}

// sendSome sends data from n to a random subset of its peers (it may be none), each channel in
// its order; across channels, in any order the delays give.
func (s *sim) sendSome(n *simNode, data []byte) {
	for _, o := range n.peerList() {
		if s.rng.IntN(3) > 0 {
			s.deliver(n, s.nodes[o], data)
		}
	}
	n.remember(data)
}

// hostile has a modified device send one message of its choice.
func (s *sim) hostile(n *simNode) {
	s.stats.Generated++
	if len(n.seen) > 0 && s.rng.IntN(4) == 0 {
		s.sendSome(n, n.seen[s.rng.IntN(len(n.seen))]) // something seen before, again
		return
	}
	var m message
	if n.r == nil || s.rng.IntN(8) == 0 {
		m = s.lobbyMessage(n)
	} else {
		m = s.gameMessage(n)
	}
	if s.rng.IntN(20) > 0 {
		m.Game = s.gameID(n)
	}
	data := encode(m)
	if s.rng.IntN(30) == 0 { // and now and then, a message cut short or of another version
		switch s.rng.IntN(3) {
		case 0:
			data = data[:s.rng.IntN(len(data))]
		case 1:
			data = []byte(strings.Replace(string(data), `"v":5`, `"v":4`, 1))
		default:
			data = []byte(`{"t":"` + m.Type + `","game":"` + s.gameID(n) + `","at":` + fmt.Sprint(s.rng.IntN(5000)-10) + `}`)
		}
	}
	s.sendSome(n, data)
}

// gameID is the game a modified device is in (or drawing), or another's.
func (s *sim) gameID(n *simNode) string {
	switch {
	case s.rng.IntN(10) == 0:
		return "another-game"
	case s.g.Game != "":
		return s.g.Game
	}
	return fmt.Sprintf("sim-%d-1", s.seed)
}

// race has a modified device that just saw a move send, at once, a move for the player whose
// turn it now is, signed with a key it holds (a bot's, or theirs in its own name), or
// anything else it likes: whatever arrives before the player's own move.
func (s *sim) race(n *simNode) {
	s.stats.Generated++
	switch s.rng.IntN(3) {
	case 0:
		s.hostile(n)
	case 1:
		sm := s.signedMove(n)
		s.sendSome(n, encode(message{Type: msgMove, Game: s.g.Game, Move: &sm, Hash: s.pickHash(n.r.Ledger())}))
	default: // an undo of the move just made, of its making, live or inside a catch-up
		p := s.undoProof(n)
		m := message{Type: msgUndo, Game: s.g.Game, Undo: &p}
		if s.rng.IntN(2) == 0 {
			m = message{Type: msgSync, Game: s.g.Game, At: n.r.Ledger().Len(), Undos: []UndoProof{p}}
		}
		s.sendSome(n, encode(m))
	}
}

// ---- values: valid, stale, future, other players', random ----

func (s *sim) pickIndex(l *Ledger) int {
	n := l.Len()
	switch s.rng.IntN(6) {
	case 0:
		return n
	case 1:
		return max(n-1, 0)
	case 2:
		return s.rng.IntN(n + 1)
	case 3:
		return n + 1 + s.rng.IntN(30)
	case 4:
		return s.rng.IntN(maxMoves + 1)
	}
	return n + s.rng.IntN(3)
}

func (s *sim) pickTake(l *Ledger, at int) int {
	switch s.rng.IntN(4) {
	case 0:
		return l.takes[at]
	case 1:
		return l.takes[at] + 1
	case 2:
		return s.rng.IntN(4)
	}
	return 0
}

func (s *sim) pickSeat() int {
	if s.rng.IntN(12) == 0 {
		return s.rng.IntN(len(s.nodes)+2) - 1 // (out of range now and then: decode refuses)
	}
	return s.rng.IntN(len(s.nodes))
}

func (s *sim) pickLink(l *Ledger) Link {
	switch n := l.Len(); {
	case n > 0 && s.rng.IntN(3) == 0:
		return l.links[n-1]
	case n > 0 && s.rng.IntN(2) == 0:
		return l.links[s.rng.IntN(n)]
	case s.rng.IntN(2) == 0:
		return l.genesis.Link()
	}
	var x Link
	x[0], x[1] = byte(s.rng.Uint32()), byte(s.rng.Uint32())
	return x
}

func (s *sim) pickHash(l *Ledger) string {
	switch n := l.Len(); {
	case n > 0 && s.rng.IntN(2) == 0:
		return hashString(l.HashAfter(s.rng.IntN(n)))
	case s.rng.IntN(3) == 0:
		return hashString(l.Game().Hash())
	}
	return hashString(s.rng.Uint64())
}

// pickID is an identity a modified device holds: its own, or a colluder's.
func (s *sim) pickID(n *simNode) (int, Identity) {
	if s.rng.IntN(3) == 0 {
		for _, h := range s.keys() {
			if h.seat != n.seat {
				return h.seat, h.id
			}
		}
	}
	return n.seat, n.id
}

// pickMove is a move for a seat: a legal move of the player to act, given to that seat, or a
// move the engine refuses.
func (s *sim) pickMove(g *engine.Game, seat int) engine.Move {
	moves := g.LegalMoves()
	if len(moves) == 0 || s.rng.IntN(10) == 0 {
		return engine.Move{Type: "build", Player: seat, Card: "no_card"}
	}
	m := moves[s.rng.IntN(len(moves))]
	m.Player = seat
	return m
}

// signedMove is a move signed with a key the device holds, at a position of its choice: the
// next, an old one, one ahead, or another history; for its own seat or another's, as a bot's
// or not. A bot's move is recorded with whether its seat's device was here.
func (s *sim) signedMove(n *simNode) Signed {
	l := n.r.Ledger()
	signer, id := s.pickID(n)
	at := l.Next()
	switch s.rng.IntN(10) {
	case 0:
		at.Index = s.pickIndex(l)
	case 1:
		at.Prev = s.pickLink(l)
	case 2:
		at.Take = s.pickTake(l, at.Index)
	case 3:
		at.Before = s.rng.Uint64()
	}
	seat := l.Game().State().Actor()
	if s.rng.IntN(3) == 0 {
		seat = s.pickSeat()
	}
	bot := s.rng.IntN(2) == 0
	if seat == signer && !bot && s.rng.IntN(40) > 0 {
		// Its own seat's moves its own device signs; a different one for the same slot would
		// be proof against it, so now and then only. Otherwise a bot's move for the player to act.
		seat, bot = l.Game().State().Actor(), true
	}
	m := s.pickMove(l.Game(), max(seat, 0))
	var proof *deal.Keys
	if c, ok := cardsOf(n.r); ok && s.rng.IntN(2) == 0 {
		if p, err := c.dealer.PlayProof(m); err == nil {
			proof = p
		}
	}
	signed := id.signMove(s.g.Game, at, m, bot, proof)
	// A modified device that wants to go on cheating does not sign two moves for one slot
	// (that is proof against it): it sends the one it signed before, but now and then.
	k := slot{signed.Signer, signed.Index, signed.Take}
	if first, ok := s.signedSlots[k]; ok && s.rng.IntN(30) > 0 {
		return first
	}
	if _, ok := s.signedSlots[k]; !ok {
		s.signedSlots[k] = signed
	}
	if bot {
		s.bots[signed.Link()] = s.present(m.Player)
	}
	return signed
}

// ---- messages of every type ----

// gameMessage is a message of the game in play, of any type.
func (s *sim) gameMessage(n *simNode) message {
	l := n.r.Ledger()
	players := len(s.g.Keys)
	seatOf, id := s.pickID(n)
	switch t := s.rng.IntN(14); t {
	case 0: // a hello again on an open connection, or one signed for another connection
		m := message{Type: msgHello, Version: Version, Key: id.Public(), Count: s.pickIndex(l), Take: s.rng.IntN(2), Hash: s.pickHash(l)}
		if m.Count > 0 {
			link := s.pickLink(l)
			m.Link = &link
		}
		to := fmt.Sprintf("p%d.%d", s.rng.IntN(players), 1+s.rng.IntN(3))
		if peers := n.peerList(); len(peers) > 0 && s.rng.IntN(2) == 0 {
			to = s.nodes[peers[s.rng.IntN(len(peers))]].peerID()
		}
		m.Sig = id.sign(helloContent(s.g.Game, m.Key, n.peerID(), to, m.Count, m.Take, m.Hash, m.Link))
		return m
	case 1, 2:
		sm := s.signedMove(n)
		return message{Type: msgMove, Move: &sm, Hash: s.pickHash(l)}
	case 3:
		link := s.pickLink(l)
		at := s.pickIndex(l)
		return message{Type: msgAck, At: at, Take: s.pickTake(l, at), Hash: s.pickHash(l), Link: &link}
	case 4:
		return message{Type: msgRefused, At: s.pickIndex(l), Kind: RefuseKind(s.rng.IntN(12)), Reason: "no"}
	case 5:
		return message{Type: msgSyncRequest, At: s.pickIndex(l)}
	case 6: // a catch-up: moves old, forged or made now, and undos of its making
		m := message{Type: msgSync, At: s.pickIndex(l)}
		for k := s.rng.IntN(4); k > 0; k-- {
			if l.Len() > 0 && s.rng.IntN(2) == 0 {
				m.Moves = append(m.Moves, l.At(s.rng.IntN(l.Len())))
			} else {
				m.Moves = append(m.Moves, s.signedMove(n))
			}
		}
		for k := s.rng.IntN(3); k > 0; k-- {
			m.Undos = append(m.Undos, s.undoProof(n))
		}
		return m
	case 7: // an undo request, signed
		at := s.pickIndex(l)
		take := s.pickTake(l, at)
		s.requested[[2]int{at, take}] = true
		return message{Type: msgUndoRequest, At: at, Take: take, Sig: id.sign(requestContent(s.g.Game, at, take, s.pickLink(l)))}
	case 8:
		at := s.pickIndex(l)
		take := s.pickTake(l, at)
		return message{Type: msgUndoVote, At: at, Take: take, Yes: s.rng.IntN(2) == 0, Sig: id.sign(voteContent(s.g.Game, at, take, s.pickLink(l)))}
	case 9:
		p := s.undoProof(n)
		return message{Type: msgUndo, Undo: &p}
	case 10, 11:
		levels := []string{"", "easy", "hard", "godlike"}
		m := message{Type: msgSeatBot, Seat: s.pickSeat(), Level: levels[s.rng.IntN(len(levels))]}
		if t == 11 {
			m.Type, m.Yes = msgSeatBotOK, s.rng.IntN(2) == 0
		} else if s.rng.IntN(3) == 0 {
			runner := s.pickSeat()
			m.Runner = &runner
		}
		return m
	case 12: // a proof of cheating: mostly forged (another's moves, one move twice); now and then its own, real
		a, b := s.signedMove(n), s.signedMove(n)
		if s.rng.IntN(50) > 0 {
			b = a
			b.Move.Type = "pass"
		}
		return message{Type: msgCheat, Proof: &Equivocation{A: a, B: b}}
	}
	if _, ok := cardsOf(n.r); ok && s.rng.IntN(3) > 0 {
		return s.dealMessage(n)
	}
	// An ending of the game, signed by a key it holds, naming another device (a player can
	// always stop playing; now and then one does).
	e := Ending{Game: s.g.Game, At: s.pickIndex(l), By: seatOf, Stalled: []int{(seatOf + 1) % players}, Reason: "its key"}
	if s.rng.IntN(40) > 0 {
		e.Stalled = []int{seatOf} // (malformed: names the ender)
	}
	e.Sig = id.sign(e.content())
	return message{Type: msgEnd, End: &e}
}

// undoProof is an undo of its making: of its own move or another's, at a place of its choice,
// with its request and votes signed by the keys it holds.
func (s *sim) undoProof(n *simNode) UndoProof {
	l := n.r.Ledger()
	at := s.pickIndex(l)
	p := UndoProof{At: at, Take: s.pickTake(l, at), Link: s.pickLink(l), Maker: s.pickSeat()}
	if k := l.Len() - 1; k >= 0 && s.rng.IntN(2) == 0 {
		// The last move, exactly: whoever made it (another player, say).
		p = UndoProof{At: k, Take: l.At(k).Take, Link: l.links[k], Maker: l.At(k).Seat()}
	}
	_, id := s.pickID(n)
	p.Request = id.sign(confirmContent(s.g.Game, p.At, p.Take, p.Link))
	for _, h := range s.keys() {
		if h.seat != p.Maker {
			p.Votes = append(p.Votes, Vote{Seat: h.seat, Sig: h.id.sign(voteContent(s.g.Game, p.At, p.Take, p.Link))})
		}
	}
	return p
}

// dealMessage is a message of the deal signed by a key the device holds: numbered next, again,
// or ahead; carrying a message it saw (another seat's, or its own) or keys of its making.
func (s *sim) dealMessage(n *simNode) message {
	c := dealtOf(n.r)
	seat, id := s.pickID(n)
	sd := SignedDeal{Game: s.g.Game, Seat: seat, Seq: c.count[seat], Moves: n.r.Ledger().Len()}
	switch s.rng.IntN(3) {
	case 0:
		sd.Seq = s.rng.IntN(c.count[seat] + 1)
	case 1:
		sd.Seq += 1 + s.rng.IntN(3)
	}
	if len(c.deals) > 0 && s.rng.IntN(2) == 0 {
		sd.Msg = c.deals[s.rng.IntN(len(c.deals))].Msg
		sd.Msg.From = seat
	} else {
		pos := []int{s.rng.IntN(40)}
		label := fmt.Sprintf("%s/canal/deck", s.g.Game)
		sd.Msg = dealer.Msg{From: seat, Keys: &deal.Keys{Label: label, Seat: seat, Pos: pos, Keys: []deal.Scalar{{byte(1 + s.rng.IntN(200))}}}}
	}
	sd.Sig = id.sign(sd.content())
	return message{Type: msgDeal, Deals: []SignedDeal{sd}}
}

// lobbyMessage is a message of the lobby or the seed draw: a list of seats or a start as if
// it were the host (two hosts), commitments, secrets and hashes for itself or others, hellos
// in others' names.
func (s *sim) lobbyMessage(n *simNode) message {
	players := make([]string, len(s.nodes))
	for i := range players {
		players[i] = s.players[s.rng.IntN(len(s.players))]
	}
	me := players[n.i]
	if n.lobby != nil {
		me = n.lobby.Me().Player
		players[n.i] = me
	}
	hexOf := func(k int) string { return strings.Repeat(fmt.Sprintf("%x", s.rng.IntN(16)), k) }
	switch s.rng.IntN(6) {
	case 0:
		seats := []LobbySeat{{Player: me, Name: "Me", Colour: "Red"}, {Player: players[0], Name: "Host", Colour: "Gold"}}
		return message{Type: msgLobby, Size: len(s.nodes), Seats: seats, Host: me}
	case 1:
		cfg := StartConfig{Edition: s.cfg.Edition, Rules: s.cfg.Rules, Players: len(s.nodes), Dealt: s.cfg.Dealt}
		for i := range s.nodes {
			cfg.Names = append(cfg.Names, fmt.Sprintf("N%d", i))
			cfg.Colours = append(cfg.Colours, []string{"Red", "Gold", "Purple", "Teal"}[i])
		}
		return message{Type: msgStart, Host: players[s.rng.IntN(len(players))], Players: players, Config: &cfg, RoomSecret: hexOf(64)}
	case 2:
		id, _ := NewIdentity(strings.NewReader(strings.Repeat("k", 64)))
		return message{Type: msgCommit, Player: players[s.rng.IntN(len(players))], Commit: hexOf(64), Key: id.Public()}
	case 3:
		return message{Type: msgReveal, Player: players[s.rng.IntN(len(players))], Secret: hexOf(64)}
	case 4:
		return message{Type: msgSeeded, Player: players[s.rng.IntN(len(players))], Hash: hashString(s.rng.Uint64())}
	}
	// A hello: signed with its own lobby key, in its own name or claiming another's, for one of
	// its connections.
	m := message{Type: msgHello, Version: Version, Player: players[s.rng.IntN(len(players))], Name: "Someone", Colour: "#c0392b", Greeted: s.rng.IntN(2) == 0}
	if n.lobby != nil {
		if s.rng.IntN(2) == 0 {
			m.Player = me
		}
		to := ""
		if peers := n.peerList(); len(peers) > 0 {
			to = s.nodes[peers[s.rng.IntN(len(peers))]].peerID()
		}
		m.Key = n.lobby.id.Public()
		m.Sig = n.lobby.id.sign(lobbyHelloContent(m.Key, m.Player, m.Name, m.Colour, n.peerID(), to))
	}
	return m
}

// ---- the attacks earlier rounds found, kept ----

// attack sends one targeted hostile thing to every peer: a forged seat, a seat-bot claim for
// a present player, a false acknowledgement, an old signed move replayed, an equivocation, or
// junk; in a dealt game, a false key, two deal messages for one number, a card not dealt.
func (s *sim) attack(n *simNode) {
	s.stats.Attacks++
	r := n.r
	g := r.Game()
	l := r.Ledger()
	send := func(m message) {
		m.Game = s.g.Game
		for _, o := range n.peerList() {
			s.deliver(n, s.nodes[o], encode(m))
		}
	}
	victim := (n.seat + 1) % len(s.nodes)
	kinds := 6
	if s.cfg.Dealt {
		kinds = 9
	}
	switch s.rng.IntN(kinds) {
	case 0: // a move for another seat, signed with its own key
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[s.rng.IntN(len(moves))]
		m.Player = victim
		sm := n.id.SignMove(s.g.Game, l.Next(), m, false)
		send(message{Type: msgMove, Move: &sm, Hash: "0000000000000000"})
	case 1: // claim a bot for a present player, then play for them
		send(message{Type: msgSeatBot, Seat: victim, Level: "hard"})
	case 2: // a false acknowledgement
		if l.Len() > 0 {
			link := Link{1, 2, 3}
			send(message{Type: msgAck, At: l.Len() - 1, Take: l.At(l.Len() - 1).Take, Hash: "0123456789abcdef", Link: &link})
		}
	case 3: // replay an old signed move
		if l.Len() > 0 {
			old := l.At(s.rng.IntN(l.Len()))
			send(message{Type: msgMove, Move: &old, Hash: "0000000000000000"})
		}
	case 4: // equivocate on its own turn: two moves for one slot (proof against it: now and then)
		if g.State().Actor() == n.seat && s.rng.IntN(6) == 0 {
			moves := g.LegalMoves()
			if len(moves) >= 2 {
				a := n.id.SignMove(s.g.Game, l.Next(), moves[0], false)
				b := n.id.SignMove(s.g.Game, l.Next(), moves[1], false)
				send(message{Type: msgMove, Move: &a, Hash: "0000000000000000"})
				send(message{Type: msgMove, Move: &b, Hash: "0000000000000000"})
			}
		}
	case 5: // junk and a hello with another seat's key
		junk, _ := json.Marshal(map[string]any{"t": "move", "game": s.g.Game, "move": "x"})
		for _, o := range n.peerList() {
			s.deliver(n, s.nodes[o], junk)
		}
		send(message{Type: msgHello, Version: Version, Key: s.g.Keys[victim], Sig: make([]byte, 64)})
	case 6, 7: // a false key for a card dealt to another seat: as a new message, or as another version of one sent
		c := dealtOf(r)
		for _, sd := range c.deals {
			if sd.Seat != n.seat || sd.Msg.Keys == nil {
				continue
			}
			keys := *sd.Msg.Keys
			keys.Keys = append([]deal.Scalar{{7}}, keys.Keys[1:]...)
			forged := SignedDeal{Game: s.g.Game, Seat: n.seat, Seq: sd.Seq, Msg: dealer.Msg{From: n.seat, Keys: &keys}}
			if k := s.rng.IntN(2); k == 0 {
				forged.Seq = c.seq // (its next number: its own next message will be a second version)
			}
			forged.Sig = n.id.sign(forged.content())
			send(message{Type: msgDeal, Deals: []SignedDeal{forged}})
			break
		}
	case 8: // on its turn, a card played that it was not dealt
		if g.State().Actor() != n.seat || !r.LocalSeat(n.seat) {
			break
		}
		for _, m := range g.LegalMoves() {
			if m.Card == "" {
				continue
			}
			proof, err := dealtOf(r).dealer.PlayProof(m)
			if err != nil || proof == nil {
				break
			}
			for _, c := range g.State().Edition().Cards {
				if c.ID != m.Card && c.Type != engine.WildLocationCard && c.Type != engine.WildIndustryCard {
					m.Card = c.ID
					break
				}
			}
			sm := n.id.SignPlayed(s.g.Game, l.Next(), m, proof)
			send(message{Type: msgMove, Move: &sm, Hash: "0000000000000000"})
			break
		}
	}
}
