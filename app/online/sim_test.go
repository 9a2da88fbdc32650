package online

import (
	"container/heap"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"brass/app/deal"
	"brass/app/dealer"
	"brass/engine"
)

// A deterministic simulation of 2–4 devices running the real Replica over a simulated room:
// one seeded random source decides every delay, drop, disconnection, crash, player decision
// and Byzantine act, and events run in virtual time, so a failing seed replays exactly.

// simConfig says what a simulated game may do.
type simConfig struct {
	Players   int
	Edition   string
	Rules     string
	Steps     int     // events to run before healing
	Byzantine int     // how many devices run modified code (the last seats)
	Faults    float64 // how often a fault is injected, per event
	Bots      bool    // players may let bots play away seats
	Undos     bool    // players ask to take moves back
	Dealt     bool    // the devices deal the cards
}

type simEvent struct {
	at   time.Duration
	seq  int
	kind int
	node int
	to   int    // deliver: the receiving node
	sess [2]int // deliver, open, close: the sender's and receiver's sessions
	data []byte
	tmr  Timer
	ord  int // deliver: its place on its channel
}

const (
	evDeliver = iota
	evOpen    // node learns that a channel to `to` opened
	evClose   // node learns that the channel to `to` closed
	evFire
	evAct    // the player (or a bot) on node decides
	evAnswer // the player on node answers an undo request
	evFault
	evRejoin // node comes back online
)

type eventQueue []*simEvent

func (q eventQueue) Len() int { return len(q) }
func (q eventQueue) Less(i, j int) bool {
	return q[i].at < q[j].at || q[i].at == q[j].at && q[i].seq < q[j].seq
}
func (q eventQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *eventQueue) Push(x any)   { *q = append(*q, x.(*simEvent)) }
func (q *eventQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

// simNode is one device: its replica (nil while crashed), its store, its session.
type simNode struct {
	i       int
	id      Identity
	r       *Replica
	store   []Signed
	undos   []UndoProof
	online  bool
	session int
	byz     bool
	acting  bool        // an evAct is queued
	answer  bool        // an evAnswer is queued
	peers   map[int]int // node → the session of its end of the open channel
	quiet   map[int]bool
	ownMade map[[2]int]Link // (index, take) → link of a move this device's player made
	random  io.Reader       // the device's keys of the deal
	dealt   []byte          // its stored DealSaved, as JSON
}

func (n *simNode) peerID() string { return fmt.Sprintf("p%d.%d", n.i, n.session) }

// peerList is the nodes with an open channel from n, in order (map order is random, and the
// simulation must replay exactly).
func (n *simNode) peerList() []int {
	var out []int
	for o := 0; o < 4; o++ {
		if n.peers[o] != 0 {
			out = append(out, o)
		}
	}
	return out
}

type sim struct {
	cfg     simConfig
	rng     *rand.Rand
	now     time.Duration
	seq     int
	queue   eventQueue
	g       Genesis
	nodes   []*simNode
	asked   map[[2]int]bool          // (index, take) of honest undo requests
	made    map[[2]int]Link          // (index, take) → the link of an honest player's own move
	madeBy  map[[2]int]int           // … and its seat
	fifo    map[[4]int]time.Duration // the last delivery time on each channel: channels are ordered
	sent    map[[4]int]int           // how many messages each channel was given
	next    map[[4]int]int           // the place of the next message it hands over
	stats   simStats
	failure string
	trace   func(string) // when set, every event and notice is told
}

type simStats struct {
	Events, Messages, Dropped, Faults, Moves, Crashes, Undos, BotClaims, Attacks, Parted int
}

func newSim(cfg simConfig, seed uint64) *sim {
	s := &sim{cfg: cfg, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), asked: map[[2]int]bool{}, made: map[[2]int]Link{}, madeBy: map[[2]int]int{}, fifo: map[[4]int]time.Duration{}, sent: map[[4]int]int{}, next: map[[4]int]int{}}
	var key [32]byte
	for i := range key {
		key[i] = byte(s.rng.Uint32())
	}
	src := seededReader{rand.NewChaCha8(key)}
	s.g = Genesis{Game: fmt.Sprintf("sim-%d", seed), Config: engine.Config{Edition: cfg.Edition, Rules: cfg.Rules, Players: cfg.Players, Seed: seed, Dealt: cfg.Dealt}}
	for i := 0; i < cfg.Players; i++ {
		id, err := NewIdentity(src)
		if err != nil {
			panic(err)
		}
		s.g.Keys = append(s.g.Keys, id.Public())
		key[0] ^= byte(i + 1)
		s.nodes = append(s.nodes, &simNode{i: i, id: id, byz: i >= cfg.Players-cfg.Byzantine, ownMade: map[[2]int]Link{}, random: rand.NewChaCha8(key)})
	}
	for _, n := range s.nodes {
		s.boot(n)
	}
	for _, n := range s.nodes {
		s.join(n)
	}
	return s
}

func (s *sim) push(e *simEvent) {
	s.seq++
	e.seq = s.seq
	heap.Push(&s.queue, e)
}

func (s *sim) delay(max time.Duration) time.Duration {
	return time.Duration(1+s.rng.Int64N(int64(max))) + s.now
}

// boot (re)starts a device from its store, as a reload or a crash restart does.
func (s *sim) boot(n *simNode) {
	timing := Timing{Fetch: 200 * time.Millisecond, Grace: 2 * time.Second, Stall: 20 * time.Second, End: 30 * time.Second}
	var r *Replica
	var err error
	if n.dealt != nil {
		var saved DealSaved
		if err := json.Unmarshal(n.dealt, &saved); err != nil {
			s.fail("node %d: its stored deal: %v", n.i, err)
			return
		}
		r, err = ResumeDealt(n.id, s.g, n.store, saved, timing, n.random)
	} else {
		r, err = NewReplica(n.id, s.g, n.store, n.undos, timing, n.random)
	}
	if err != nil {
		s.fail("node %d cannot restart from its store: %v", n.i, err)
		return
	}
	n.r = r
}

// join enters the room: a new session, channels to every online device open after a delay.
func (s *sim) join(n *simNode) {
	n.online = true
	n.session++
	n.peers, n.quiet = map[int]int{}, map[int]bool{}
	n.r.tEnter(n.peerID())
	s.drain(n)
	for _, o := range s.nodes {
		if o != n && o.online && o.r != nil {
			at := s.delay(300 * time.Millisecond)
			s.push(&simEvent{at: at, kind: evOpen, node: n.i, to: o.i, sess: [2]int{n.session, o.session}})
			s.push(&simEvent{at: at + time.Duration(s.rng.IntN(50))*time.Millisecond, kind: evOpen, node: o.i, to: n.i, sess: [2]int{o.session, n.session}})
		}
	}
}

// leave takes a device offline: every channel to it closes, in-flight messages are lost.
func (s *sim) leave(n *simNode) {
	n.online = false
	if n.r != nil {
		n.r.tLeft()
		s.drain(n)
	}
	for _, o := range s.nodes {
		if o != n && o.online && o.peers[n.i] == n.session {
			s.push(&simEvent{at: s.delay(time.Second), kind: evClose, node: o.i, to: n.i, sess: [2]int{o.session, n.session}})
		}
	}
	n.peers = map[int]int{}
}

// deliver queues a message on the channel from n to o, after every earlier one on it.
func (s *sim) deliver(n, o *simNode, data []byte) {
	s.stats.Messages++
	k := [4]int{n.i, n.session, o.i, o.session}
	at := max(s.delay(150*time.Millisecond), s.fifo[k]+1)
	s.fifo[k] = at
	s.push(&simEvent{at: at, kind: evDeliver, node: n.i, to: o.i, sess: [2]int{n.session, o.session}, data: data, ord: s.sent[k]})
	s.sent[k]++
}

// drain carries out what a replica asked for.
func (s *sim) drain(n *simNode) {
	if n.r == nil {
		return
	}
	rd := n.r.drain()
	if s.trace != nil {
		for _, no := range rd.Notices {
			s.trace(fmt.Sprintf("%v   node %d notice: %s", s.now, n.i, no.Text))
		}
	}
	for _, m := range rd.Messages {
		for _, o := range s.nodes {
			if o == n || n.peers[o.i] != o.session {
				continue
			}
			if m.To != "" && m.To != o.peerID() {
				continue
			}
			s.deliver(n, o, m.Data)
		}
	}
	if rd.Save {
		n.store, n.undos = n.r.Ledger().Moves(), n.r.Ledger().Undos()
		if d := n.r.DealState(); d != nil {
			b, err := json.Marshal(d)
			if err != nil {
				s.fail("node %d: its deal does not encode: %v", n.i, err)
			}
			n.dealt = b
		}
	}
	for _, t := range rd.Timers {
		s.push(&simEvent{at: s.now + t.After, kind: evFire, node: n.i, tmr: t, sess: [2]int{n.session}})
	}
	s.schedulePlayers(n)
}

// schedulePlayers queues the decisions the device's player or bots must make now.
func (s *sim) schedulePlayers(n *simNode) {
	r := n.r
	g := r.Game()
	if !n.acting && !g.Over() && r.Stopped() == "" && (r.LocalSeat(g.State().Actor()) || r.BotToMove() >= 0) {
		n.acting = true
		s.push(&simEvent{at: s.delay(400 * time.Millisecond), kind: evAct, node: n.i})
	}
	if !n.answer && r.UndoAsked() >= 0 {
		n.answer = true
		s.push(&simEvent{at: s.delay(time.Second), kind: evAnswer, node: n.i})
	}
}

func (s *sim) fail(format string, args ...any) {
	if s.failure == "" {
		s.failure = fmt.Sprintf("at %v: ", s.now) + fmt.Sprintf(format, args...)
	}
}

// step runs the next event and checks the invariants; it reports false when nothing is left.
func (s *sim) step() bool {
	if len(s.queue) == 0 || s.failure != "" {
		return false
	}
	e := heap.Pop(&s.queue).(*simEvent)
	s.now = e.at
	s.stats.Events++
	n := s.nodes[e.node]
	before := s.snapshot()
	if s.trace != nil {
		what := []string{"deliver", "open", "close", "fire", "act", "answer", "fault", "rejoin"}[e.kind]
		detail := ""
		if e.kind == evDeliver {
			detail = string(e.data)
			if len(detail) > 160 {
				detail = detail[:160]
			}
		}
		lens := ""
		for _, o := range s.nodes {
			if o.r != nil {
				lens += fmt.Sprintf(" %d", o.r.Ledger().Len())
			} else {
				lens += " x"
			}
		}
		s.trace(fmt.Sprintf("%v node %d %s (to %d) [%s] %s", s.now, e.node, what, e.to, lens, detail))
	}
	switch e.kind {
	case evDeliver:
		to := s.nodes[e.to]
		k := [4]int{n.i, e.sess[0], to.i, e.sess[1]}
		wait := func() {
			e.at = s.now + 10*time.Millisecond
			s.fifo[k] = max(s.fifo[k], e.at)
			s.push(e)
		}
		if e.ord != s.next[k] {
			wait() // an earlier message on the channel is waiting: a channel keeps its order
			break
		}
		if to.r == nil || !to.online || to.session != e.sess[1] || n.session != e.sess[0] {
			s.stats.Dropped++
			s.next[k]++
			break
		}
		if to.peers[n.i] != n.session {
			wait() // the receiver has not seen the channel open yet: it delivers nothing before
			break
		}
		s.next[k]++
		to.r.tReceive(n.peerID(), e.data)
		s.drain(to)
	case evOpen:
		o := s.nodes[e.to]
		if n.r == nil || !n.online || !o.online || n.session != e.sess[0] || o.session != e.sess[1] {
			break
		}
		if old := n.peers[o.i]; old != 0 {
			n.r.tClose(fmt.Sprintf("p%d.%d", o.i, old)) // the mesh replaces a peer's connection
		}
		n.peers[o.i] = o.session
		n.r.tOpen(o.peerID())
		s.drain(n)
	case evClose:
		o := s.nodes[e.to]
		if n.r == nil || !n.online || n.session != e.sess[0] || n.peers[o.i] != e.sess[1] {
			break
		}
		delete(n.peers, o.i)
		n.r.tClose(fmt.Sprintf("p%d.%d", o.i, e.sess[1]))
		s.drain(n)
	case evFire:
		if n.r != nil && n.session == e.sess[0] {
			n.r.tFire(e.tmr)
			s.drain(n)
		}
	case evAct:
		n.acting = false
		if n.r != nil {
			s.act(n)
			s.drain(n)
		}
	case evAnswer:
		n.answer = false
		if n.r != nil && n.r.UndoAsked() >= 0 && s.rng.IntN(10) > 0 { // some players never answer
			n.r.AnswerUndo(s.rng.IntN(4) > 0)
			s.drain(n)
		}
	case evFault:
		s.fault(n)
	case evRejoin:
		if n.r == nil {
			s.boot(n)
		}
		if n.r != nil && !n.online {
			s.join(n)
		}
	}
	s.check(before)
	return s.failure == ""
}

// act: the device's player (or its bot, or its cheater) does something.
func (s *sim) act(n *simNode) {
	r := n.r
	g := r.Game()
	if g.Over() || r.Stopped() != "" {
		return
	}
	if n.byz && s.rng.IntN(3) == 0 {
		s.attack(n)
		return
	}
	actor := g.State().Actor()
	if !r.LocalSeat(actor) && r.BotToMove() != actor {
		return
	}
	if r.Behind() {
		// Moves are on their way to this device: the player waits for them.
		n.acting = true
		s.push(&simEvent{at: s.delay(400 * time.Millisecond), kind: evAct, node: n.i})
		return
	}
	moves := g.LegalMoves()
	m := moves[s.rng.IntN(len(moves))]
	if s.cfg.Dealt {
		for _, d := range moves { // sell to the Distant Market whenever the game allows: its tiles are dealt too
			if d.Port == engine.DistantMarketID {
				m = d
				break
			}
		}
	}
	if err := r.Play(m); err != nil {
		if !n.byz { // (a modified device may have spoilt its own game)
			s.fail("node %d: its legal move %v was refused: %v", n.i, m, err)
		}
		return
	}
	s.stats.Moves++
	last := r.Ledger().At(r.Ledger().Len() - 1)
	if !last.Bot && !n.byz {
		slot := [2]int{last.Index, last.Take}
		n.ownMade[slot] = last.Link()
		s.made[slot], s.madeBy[slot] = last.Link(), n.i
	}
	if s.cfg.Undos && !n.byz && s.rng.IntN(12) == 0 && r.CanUndo() {
		if r.AskUndo() == nil {
			s.asked[[2]int{last.Index, last.Take}] = true
			s.stats.Undos++
		}
	}
}

// fault injects one failure on a device: a lost connection, a crash and restart from its
// store, a quiet spell on one channel, or a player who lets a bot play an away seat.
func (s *sim) fault(n *simNode) {
	s.stats.Faults++
	switch k := s.rng.IntN(5); {
	case k == 0 && n.online:
		s.leave(n)
		s.push(&simEvent{at: s.delay(5 * time.Second), kind: evRejoin, node: n.i})
	case k == 1 && n.r != nil:
		s.stats.Crashes++
		s.leave(n)
		n.r = nil
		n.acting, n.answer = false, false
		s.push(&simEvent{at: s.delay(5 * time.Second), kind: evRejoin, node: n.i})
	case k == 2 && n.r != nil && n.online:
		for _, o := range n.peerList() {
			id := fmt.Sprintf("p%d.%d", o, s.nodes[o].session)
			if s.rng.IntN(2) == 0 {
				n.r.tQuiet(id)
			} else {
				n.r.tHeard(id)
			}
			s.drain(n)
			break
		}
	case k == 3 && s.cfg.Bots && n.r != nil && n.online && !n.byz:
		for seat := range s.g.Keys {
			if seat != n.i && n.r.SeatState(seat) == PeerAway && n.r.BotLevel(seat) == "" {
				if n.r.LetBotPlay(seat, "easy") == nil {
					s.stats.BotClaims++
				}
				s.drain(n)
				break
			}
		}
	}
}

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

// check runs after every event: an honest device never loses or changes an accepted move
// but by an undo its maker asked for; no honest device's own move is ever replaced; and in a
// dealt game no honest device holds a card it may not see.
func (s *sim) check(before [][]Link) {
	sale := false // a sale to the Distant Market was signed and waits for its tile
	for _, n := range s.nodes {
		if c, ok := cardsOf(n.r); ok && c.wait.on && c.wait.s.Move.Port == engine.DistantMarketID {
			sale = true
		}
	}
	for _, n := range s.nodes {
		if s.cfg.Dealt && n.r != nil && !n.byz {
			if err := holdsOnlyItsOwn(n.r, n.i, sale); err != nil {
				s.fail("node %d: %v", n.i, err)
				return
			}
		}
	}
	for i, n := range s.nodes {
		if n.r == nil || n.byz || before[i] == nil {
			continue
		}
		l := n.r.Ledger()
		now := l.links
		for k, old := range before[i] {
			if k < len(now) && now[k] == old {
				continue
			}
			// Only the last accepted move may go, taken back by an undo (a catch-up can
			// bring the undo and the move made again in its place at once).
			if k != len(before[i])-1 || (k < len(now) && l.takes[k] == 0) {
				s.fail("node %d: accepted move %d changed", i, k+1)
				return
			}
			maker, take := -1, -1
			for slot, link := range s.made {
				if slot[0] == k && link == old {
					maker, take = s.madeBy[slot], slot[1]
				}
			}
			if maker < 0 {
				break // a bot's or a modified device's move: its undo needed every other vote
			}
			if k < len(now) && l.moves[k].Take <= take {
				s.fail("node %d: accepted move %d (take %d) replaced by take %d", i, k+1, take, l.moves[k].Take)
				return
			}
			if !s.asked[[2]int{k, take}] {
				s.fail("node %d: move %d of honest seat %d was taken back though its player never asked", i, k+1, maker+1)
				return
			}
			break
		}
		for slot, link := range n.ownMade {
			if slot[0] < len(now) && l.moves[slot[0]].Take == slot[1] && now[slot[0]] != link {
				s.fail("node %d: its own move %d was replaced", i, slot[0]+1)
				return
			}
		}
	}
}

// heal ends the faults: every device back online and restarted, then time for the protocol
// to settle.
func (s *sim) heal() {
	for _, n := range s.nodes {
		if n.r == nil {
			s.boot(n)
		}
		if n.r == nil {
			return // (boot failed)
		}
		if !n.online {
			s.join(n)
		}
	}
}

// run plays the configured number of events with faults, heals, and lets the game settle.
func (s *sim) run() {
	for i := 0; i < s.cfg.Steps && s.step(); i++ {
		if s.cfg.Faults > 0 && s.rng.Float64() < s.cfg.Faults {
			s.push(&simEvent{at: s.delay(time.Second), kind: evFault, node: s.rng.IntN(len(s.nodes))})
		}
	}
	s.heal()
	for i := 0; i < 20*s.cfg.Steps && s.step(); i++ {
	}
}

// converged checks that the honest devices hold one record, every move of which verifies.
func (s *sim) converged() error {
	var ref *simNode
	for _, n := range s.nodes {
		if n.byz {
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
			return fmt.Errorf("nodes %d and %d hold different records (%d and %d moves; notices %q / %q)", ref.i, n.i, a.Len(), b.Len(), s.lastNotices(ref), s.lastNotices(n))
		}
	}
	return nil
}

func (s *sim) lastNotices(n *simNode) string {
	return strings.TrimSpace(n.r.Disagreement() + " " + n.r.Stopped())
}

// ---- a device running modified code ----

// attack sends one hostile thing to every peer: a forged seat, a seat-bot claim for a present
// player, a false acknowledgement, an old signed move replayed, an equivocation, or junk.
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
	victim := (n.i + 1) % len(s.nodes)
	kinds := 6
	if s.cfg.Dealt {
		kinds = 9 // and the deal's: a false key, two deal messages for one number, a card not dealt
	}
	switch s.rng.IntN(kinds) {
	case 0: // a move for another seat, signed with its own key
		moves := g.LegalMoves()
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
	case 4: // equivocate on its own turn: two moves for one slot
		if g.State().Actor() == n.i {
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
		c, _ := cardsOf(r)
		for _, sd := range c.deals {
			if sd.Seat != n.i || sd.Msg.Keys == nil {
				continue
			}
			keys := *sd.Msg.Keys
			keys.Keys = append([]deal.Scalar{{7}}, keys.Keys[1:]...)
			forged := SignedDeal{Game: s.g.Game, Seat: n.i, Seq: sd.Seq, Msg: dealer.Msg{From: n.i, Keys: &keys}}
			if k := s.rng.IntN(2); k == 0 {
				forged.Seq = c.seq
				c.seq++
			}
			forged.Sig = n.id.sign(forged.content())
			send(message{Type: msgDeal, Deals: []SignedDeal{forged}})
			break
		}
	case 8: // on its turn, a card played that it was not dealt
		if g.State().Actor() != n.i || !n.r.LocalSeat(n.i) {
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
