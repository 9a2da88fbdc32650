package online

import (
	"container/heap"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"brass/engine"
)

// A deterministic simulation of 2–4 devices running the real cores, the Lobby and then the
// Replica, over a simulated room: one seeded random source decides every delay, drop,
// disconnection, crash, player decision and every hostile message, and events run in virtual
// time, so a failing seed replays exactly. The devices running modified code are the
// attacker (sim_adversary_test.go); the checks after every event are in sim_checks_test.go.

// simConfig says what a simulated game may do.
type simConfig struct {
	Players   int
	Edition   string
	Rules     string
	Steps     int     // events to run before healing
	Byzantine int     // how many devices run modified code (the last seats; they collude)
	Faults    float64 // how often a fault is injected, per event
	Bots      bool    // players may let bots play away seats
	Undos     bool    // players ask to take moves back
	Dealt     bool    // the devices deal the cards
	// LoseHellos is the chance that a new channel loses the first hello on it (one was, as
	// a channel opened, in the browser under load).
	LoseHellos float64
	// StallHost: the host runs modified code that never reveals its secret, so the seed is
	// never drawn (the guests must name it every time, and the game never begins).
	StallHost bool
}

// simTiming is the protocol's waits in the simulator (virtual time).
var simTiming = Timing{Fetch: 200 * time.Millisecond, Grace: 2 * time.Second, Stall: 20 * time.Second, End: 30 * time.Second}

type simEvent struct {
	at   time.Duration
	seq  int
	kind int
	node int
	to   int    // deliver: the receiving node
	sess [2]int // deliver, open, close: the sender's and receiver's sessions
	data []byte
	tmr  Timer
	inc  int // fire: the core instance that started the timer
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
	evHeard  // node hears `to` again after a quiet spell
	evRace   // a modified device races the player to act with a message of its own
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

// simNode is one device: its core (a lobby before its game began, then its replica; nil
// while crashed), what it stored, its session in the room.
type simNode struct {
	i       int
	lobby   *Lobby   // before the game began on this device
	r       *Replica // after
	begun   bool     // the game began here: it is stored
	id      Identity // its key for the game, from the lobby's Begin
	seat    int      // its seat in the game (the host seats players as they come)
	inc     int      // its core's incarnation (a crash starts another): timers are the core's
	store   []Signed
	undos   []UndoProof
	ending  *Ending
	online  bool
	session int
	byz     bool        // it runs modified code (not held to the honest devices' checks)
	hostile bool        // and sends hostile messages of every kind (the simulator's adversary)
	acting  bool        // an evAct is queued
	answer  bool        // an evAnswer is queued
	peers   map[int]int // node → the session of its end of the open channel
	ownMade map[[2]int]Link
	random  io.Reader // the device's secrets, keys and deal keys
	dealt   []byte    // its stored DealSaved, as JSON
	seen    [][]byte  // (a modified device) messages it received or sent, to send again later
	starts  int       // (the host) games it started
	seenLen int       // (a modified device) the moves its game held when it last looked
	named   bool      // (a guest) it named a device that stalled the seed draw
}

func (n *simNode) peerID() string { return fmt.Sprintf("p%d.%d", n.i, n.session) }

// core is what runs on the device now (nil while crashed).
func (n *simNode) core() Core {
	switch {
	case n.r != nil:
		return n.r
	case n.lobby != nil:
		return n.lobby
	}
	return nil
}

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
	cfg   simConfig
	seed  uint64
	rng   *rand.Rand
	now   time.Duration
	seq   int
	queue eventQueue
	g     Genesis // the game, once one device began it
	nodes []*simNode
	asked map[[2]int]bool // (index, take) of undo requests an honest player made
	// requested: (index, take) of undo requests a modified device sent (for the bound on
	// the undo proofs an honest device may hold).
	requested map[[2]int]bool
	made      map[[2]int]Link          // (index, take) → the link of an honest player's own move
	madeBy    map[[2]int]int           // … and its seat
	bots      map[Link]bool            // every bot's move signed → whether its seat's device was here then
	fifo      map[[4]int]time.Duration // the last delivery time on each channel: channels are ordered
	sent      map[[4]int]int           // how many messages each channel was given
	next      map[[4]int]int           // the place of the next message it hands over
	waits     map[*Replica]map[int]time.Duration
	checked   map[*Replica]int // the moves of each replica's record already looked at
	players   []string         // every player id a lobby had, in order
	// signedSlots: the first move the modified devices signed for each slot, by key.
	signedSlots map[slot]Signed
	healed      bool // the faults are over: the modified devices stop acting out of turn
	stats       simStats
	failure     string
	trace       func(string) // when set, every event and notice is told
}

type simStats struct {
	Events, Messages, Dropped, Faults, Moves, Crashes, Undos, BotClaims, Attacks, Generated, Parted, Named, Ended, Lobbies int
}

func newSim(cfg simConfig, seed uint64) *sim {
	s := &sim{cfg: cfg, seed: seed, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), asked: map[[2]int]bool{}, requested: map[[2]int]bool{}, made: map[[2]int]Link{}, madeBy: map[[2]int]int{},
		bots: map[Link]bool{}, fifo: map[[4]int]time.Duration{}, sent: map[[4]int]int{}, next: map[[4]int]int{}, waits: map[*Replica]map[int]time.Duration{}, checked: map[*Replica]int{}, signedSlots: map[slot]Signed{}}
	var key [32]byte
	for i := range key {
		key[i] = byte(s.rng.Uint32())
	}
	for i := 0; i < cfg.Players; i++ {
		key[0] ^= byte(i + 1)
		hostile := i >= cfg.Players-cfg.Byzantine
		s.nodes = append(s.nodes, &simNode{i: i, byz: hostile || cfg.StallHost && i == 0, hostile: hostile, ownMade: map[[2]int]Link{}, random: rand.NewChaCha8(key)})
	}
	for _, n := range s.nodes {
		s.boot(n)
	}
	for _, n := range s.nodes {
		s.push(&simEvent{at: s.delay(2 * time.Second), kind: evRejoin, node: n.i})
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

// boot (re)starts a device: from its store once the game began here, as a reload or a crash
// restart does; before that, as a new player in the lobby (a lobby is not stored).
func (s *sim) boot(n *simNode) {
	n.inc++
	if !n.begun {
		setup := Setup{Players: s.cfg.Players, Edition: s.cfg.Edition, Rules: s.cfg.Rules, Dealt: s.cfg.Dealt}
		colours := []string{"Red", "Gold", "Purple", "Teal"}
		c := LobbyConfig{Me: LobbySeat{Name: fmt.Sprintf("Player %d", n.i+1), Colour: colours[n.i]},
			Host: n.i == 0, Setup: setup, RoomSecret: strings.Repeat("5e", 32), Timing: simTiming, Random: n.random}
		l, err := NewLobby(c)
		if err != nil {
			s.fail("node %d: its lobby: %v", n.i, err)
			return
		}
		n.lobby, n.r = l, nil
		s.players = append(s.players, l.Me().Player)
		s.stats.Lobbies++
		return
	}
	var r *Replica
	var err error
	if n.dealt != nil {
		var saved DealSaved
		if err := json.Unmarshal(n.dealt, &saved); err != nil {
			s.fail("node %d: its stored deal: %v", n.i, err)
			return
		}
		r, err = ResumeDealt(n.id, s.g, n.store, saved, simTiming, n.random)
	} else {
		r, err = NewReplica(n.id, s.g, n.store, n.undos, simTiming, n.random)
	}
	if err == nil && n.ending != nil {
		err = r.Resume(*n.ending)
	}
	if err != nil {
		if !n.byz { // (a modified device may have spoilt its own store)
			s.fail("node %d cannot restart from its store: %v", n.i, err)
		}
		return
	}
	r.Advance()
	n.r = r
}

// join enters the room: a new session, channels to every online device open after a delay.
func (s *sim) join(n *simNode) {
	n.online = true
	n.session++
	n.peers = map[int]int{}
	n.core().Step(Event{Kind: Entered, Peer: n.peerID()})
	s.drain(n)
	for _, o := range s.nodes {
		if o != n && o.online && o.core() != nil {
			at := s.delay(300 * time.Millisecond)
			s.push(&simEvent{at: at, kind: evOpen, node: n.i, to: o.i, sess: [2]int{n.session, o.session}})
			s.push(&simEvent{at: at + time.Duration(s.rng.IntN(50))*time.Millisecond, kind: evOpen, node: o.i, to: n.i, sess: [2]int{o.session, n.session}})
		}
	}
}

// leave takes a device offline: every channel to it closes, in-flight messages are lost.
func (s *sim) leave(n *simNode) {
	n.online = false
	if c := n.core(); c != nil {
		c.Step(Event{Kind: Left})
		s.drain(n)
	}
	for _, o := range s.nodes {
		if o != n && o.online && o.peers[n.i] == n.session {
			s.push(&simEvent{at: s.delay(time.Second), kind: evClose, node: o.i, to: n.i, sess: [2]int{o.session, n.session}})
		}
	}
	n.peers = map[int]int{}
}

// deliver queues a message on the channel from n to o, after every earlier one on it. The
// first hello on a new channel may be lost (cfg.LoseHellos).
func (s *sim) deliver(n, o *simNode, data []byte) {
	s.stats.Messages++
	k := [4]int{n.i, n.session, o.i, o.session}
	if s.sent[k] == 0 && s.cfg.LoseHellos > 0 && strings.HasPrefix(string(data), `{"t":"hello"`) && s.rng.Float64() < s.cfg.LoseHellos {
		s.stats.Dropped++
		return
	}
	at := max(s.delay(150*time.Millisecond), s.fifo[k]+1)
	s.fifo[k] = at
	s.push(&simEvent{at: at, kind: evDeliver, node: n.i, to: o.i, sess: [2]int{n.session, o.session}, data: data, ord: s.sent[k]})
	s.sent[k]++
}

// drain carries out what a device's core asked for.
func (s *sim) drain(n *simNode) {
	c := n.core()
	if c == nil {
		return
	}
	rd := c.Ready()
	c.Advance()
	for _, no := range rd.Notices {
		if s.trace != nil {
			s.trace(fmt.Sprintf("%v   node %d notice: %s", s.now, n.i, no.Text))
		}
		if n.lobby != nil && (strings.Contains(no.Text, "within") && strings.Contains(no.Text, "the seed cannot be drawn") ||
			strings.HasSuffix(no.Text, "the game cannot start.") || strings.Contains(no.Text, " sent two different ")) {
			n.named = true // (a stalled draw, a cheat in it or two versions of one part of it, and whose)
		}
	}
	if rd.Begin != nil {
		s.begin(n, rd.Begin)
	}
	for _, m := range rd.Messages {
		if s.cfg.StallHost && n.byz && n.i == 0 && strings.HasPrefix(string(m.Data), `{"t":"reveal"`) {
			continue // the modified host keeps its secret
		}
		for _, o := range s.nodes {
			if o != n && n.peers[o.i] == o.session && m.To == o.peerID() {
				s.deliver(n, o, m.Data)
				if n.hostile {
					n.remember(m.Data)
				}
			}
		}
	}
	if rd.Save && n.r != nil {
		n.store, n.undos, n.ending = n.r.Ledger().Moves(), n.r.Ledger().Undos(), n.r.Ended()
		if d := n.r.DealState(); d != nil {
			b, err := json.Marshal(d)
			if err != nil {
				s.fail("node %d: its deal does not encode: %v", n.i, err)
			}
			n.dealt = b
		}
	}
	for _, t := range rd.Timers {
		s.push(&simEvent{at: s.now + t.After, kind: evFire, node: n.i, tmr: t, inc: n.inc})
	}
	if rd.Begin != nil {
		s.drain(n) // the game's first Ready
		return
	}
	s.schedulePlayers(n)
}

// begin: the lobby drew the game on this device; it is stored and its replica takes over.
func (s *sim) begin(n *simNode, b *Begin) {
	if s.g.Game == "" {
		s.g = b.Genesis
	} else if b.Genesis.Link() != s.g.Link() {
		s.fail("node %d began another game than the first device that began one", n.i)
		return
	}
	r, err := b.Start(simTiming, n.random)
	if err != nil {
		s.fail("node %d cannot start the game it drew: %v", n.i, err)
		return
	}
	n.id, n.seat, n.begun, n.lobby, n.r = b.Identity, r.Seat(), true, nil, r
	n.store, n.undos, n.dealt = nil, nil, nil
}

// schedulePlayers queues the decisions the device's player or bots must make now.
func (s *sim) schedulePlayers(n *simNode) {
	if l := n.lobby; l != nil {
		switch {
		case n.acting:
		case l.CanStart():
			n.acting = true
			s.push(&simEvent{at: s.delay(400 * time.Millisecond), kind: evAct, node: n.i})
		case n.hostile && !s.healed:
			n.acting = true
			s.push(&simEvent{at: s.delay(3 * time.Second), kind: evAct, node: n.i})
		}
		return
	}
	r := n.r
	if r == nil {
		return
	}
	g := r.Game()
	switch {
	case n.acting:
	case !g.Over() && r.Stopped() == "" && (r.LocalSeat(g.State().Actor()) || r.BotToMove() >= 0):
		n.acting = true
		s.push(&simEvent{at: s.delay(400 * time.Millisecond), kind: evAct, node: n.i})
	case n.hostile && !g.Over() && !s.healed:
		// A modified device sends what it likes whenever it likes, not only on its turn.
		n.acting = true
		s.push(&simEvent{at: s.delay(5 * time.Second), kind: evAct, node: n.i})
	}
	if n.hostile && !s.healed && r.Ledger().Len() != n.seenLen {
		// And often the moment it sees a move, racing the player whose turn it now is.
		n.seenLen = r.Ledger().Len()
		if s.rng.IntN(2) == 0 {
			s.push(&simEvent{at: s.delay(50 * time.Millisecond), kind: evRace, node: n.i})
		}
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
		s.traceEvent(e)
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
		if to.core() == nil || !to.online || to.session != e.sess[1] || n.session != e.sess[0] {
			s.stats.Dropped++
			s.next[k]++
			break
		}
		if to.peers[n.i] != n.session {
			wait() // the receiver has not seen the channel open yet: it delivers nothing before
			break
		}
		s.next[k]++
		if to.hostile {
			to.remember(e.data)
		}
		to.core().Step(Event{Kind: Message, Peer: n.peerID(), Data: e.data})
		s.drain(to)
	case evOpen:
		o := s.nodes[e.to]
		if n.core() == nil || !n.online || !o.online || n.session != e.sess[0] || o.session != e.sess[1] {
			break
		}
		if old := n.peers[o.i]; old != 0 {
			n.core().Step(Event{Kind: Closed, Peer: fmt.Sprintf("p%d.%d", o.i, old)}) // the mesh replaces a peer's connection
		}
		n.peers[o.i] = o.session
		n.core().Step(Event{Kind: Opened, Peer: o.peerID(), Host: o.i == 0})
		s.drain(n)
	case evClose:
		o := s.nodes[e.to]
		if n.core() == nil || !n.online || n.session != e.sess[0] || n.peers[o.i] != e.sess[1] {
			break
		}
		delete(n.peers, o.i)
		n.core().Step(Event{Kind: Closed, Peer: fmt.Sprintf("p%d.%d", o.i, e.sess[1])})
		s.drain(n)
	case evFire:
		// A timer belongs to the core that started it: it outlives the room connection (the
		// shell's clock runs on), not a crash.
		if n.core() != nil && n.inc == e.inc {
			n.core().Step(Event{Kind: Fired, Timer: e.tmr})
			s.drain(n)
		}
	case evAct:
		n.acting = false
		if n.core() != nil {
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
	case evRace:
		if n.r != nil && n.online {
			s.race(n)
		}
	case evHeard:
		o := s.nodes[e.to]
		if n.core() != nil && n.online && n.session == e.sess[0] && n.peers[o.i] == e.sess[1] {
			n.core().Step(Event{Kind: Heard, Peer: o.peerID()})
			s.drain(n)
		}
	case evRejoin:
		if n.core() == nil {
			s.boot(n)
		}
		if n.core() != nil && !n.online {
			s.join(n)
		}
	}
	s.check(before)
	return s.failure == ""
}

func (s *sim) traceEvent(e *simEvent) {
	what := []string{"deliver", "open", "close", "fire", "act", "answer", "fault", "rejoin", "heard", "race"}[e.kind]
	detail := ""
	if e.kind == evDeliver {
		detail = string(e.data)
		if len(detail) > 160 {
			detail = detail[:160]
		}
	}
	lens := ""
	for _, o := range s.nodes {
		switch {
		case o.r != nil:
			lens += fmt.Sprintf(" %d", o.r.Ledger().Len())
		case o.lobby != nil:
			lens += " L"
		default:
			lens += " x"
		}
	}
	s.trace(fmt.Sprintf("%v node %d %s (to %d) [%s] %s", s.now, e.node, what, e.to, lens, detail))
}

// act: the device's player (or its bot, or its cheater) does something.
func (s *sim) act(n *simNode) {
	if n.hostile && s.rng.IntN(3) == 0 {
		s.hostile(n)
		return
	}
	if l := n.lobby; l != nil {
		if l.CanStart() {
			// (A start can be refused, two players of one name say: the host tries again
			// when the lobby changes.)
			n.starts++
			_ = l.Start(fmt.Sprintf("sim-%d-%d", s.seed, n.starts))
		}
		return
	}
	r := n.r
	g := r.Game()
	if g.Over() || r.Stopped() != "" {
		return
	}
	if n.hostile && s.rng.IntN(3) == 0 {
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
	bot := m.Player != n.seat
	present := bot && s.present(m.Player)
	if err := r.Play(m); err != nil {
		if !n.byz { // (a modified device may have spoilt its own game)
			s.fail("node %d: its legal move %v was refused: %v", n.i, m, err)
		}
		return
	}
	s.stats.Moves++
	last := r.Ledger().At(r.Ledger().Len() - 1)
	if last.Bot {
		s.bots[last.Link()] = present
	}
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

// present reports whether a seat's device is here as its own replica sees it: in the room and
// caught up since it entered (the history window closed). A bot's move signed then may not
// go into its record.
func (s *sim) present(seat int) bool {
	for _, n := range s.nodes {
		if n.begun && n.seat == seat {
			return n.online && n.r != nil && n.r.horizon >= 0
		}
	}
	return false
}

// fault injects one failure on a device: a lost connection, a crash and restart from its
// store, a quiet spell on one channel, or a player who lets a bot play an away seat.
func (s *sim) fault(n *simNode) {
	s.stats.Faults++
	switch k := s.rng.IntN(5); {
	case k == 0 && n.online:
		s.leave(n)
		s.push(&simEvent{at: s.delay(5 * time.Second), kind: evRejoin, node: n.i})
	case k == 1 && n.core() != nil:
		s.stats.Crashes++
		s.leave(n)
		n.r, n.lobby = nil, nil
		n.acting, n.answer = false, false
		s.push(&simEvent{at: s.delay(5 * time.Second), kind: evRejoin, node: n.i})
	case k == 2 && n.core() != nil && n.online:
		for _, o := range n.peerList() {
			// A quiet spell on one channel (a page put to sleep, a network that stalls): it
			// ends when the channel is heard again, or closes.
			n.core().Step(Event{Kind: Quiet, Peer: s.nodes[o].peerID()})
			s.drain(n)
			s.push(&simEvent{at: s.delay(10 * time.Second), kind: evHeard, node: n.i, to: o, sess: [2]int{n.session, s.nodes[o].session}})
			break
		}
	case k == 3 && s.cfg.Bots && n.r != nil && n.online && !n.byz:
		for seat := range s.g.Keys {
			if seat != n.seat && n.r.SeatState(seat) == PeerAway && n.r.BotLevel(seat) == "" {
				if n.r.LetBotPlay(seat, "easy") == nil {
					s.stats.BotClaims++
				}
				s.drain(n)
				break
			}
		}
	}
}

// heal ends the faults: every device back online and restarted, then time for the protocol
// to settle.
func (s *sim) heal() {
	s.healed = true
	for _, n := range s.nodes {
		if n.core() == nil {
			s.boot(n)
		}
		if n.core() == nil {
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
