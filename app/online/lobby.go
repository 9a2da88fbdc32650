package online

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"

	"brass/app/profile"
	"brass/engine"
)

// Lobby is one device's side of an online game before it starts, as a core (events in, Ready
// out): players gather in the room, the host keeps the list of seats (first come, first
// seated; a colour already taken is swapped for a free one) and starts when every seat is
// taken and every player connected; then every device draws the seed together (seed.go) and,
// once all report the same initial state, Ready hands over Begin: the game's genesis and this
// device's key for it. Only the host the signalling server named is taken for the list of
// seats and the start: a player id is only its sender's claim.
type Lobby struct {
	me     LobbySeat // this device's player id, name and colour
	id     Identity  // its key in the lobby: the player id is the key's hash; hellos are signed with it
	host   bool      // this device hosts the room
	setup  Setup     // the host's choice of game
	secret string    // the host's room secret, handed to the seated players at the start
	timing Timing
	random io.Reader

	self  string
	peers map[string]*member // by peer id

	seats  []LobbySeat // the host's list, as the host keeps it (and the others mirror it)
	hostID string      // the room's host's player id, once known
	size   int

	phase   LobbyPhase
	failure string
	draw    seedDraw // while phase is Drawing
	stall   int      // the draw's stall timer generation
	stallOn string   // what the draw waited for when the timer started

	earlySeeds []message  // commits and reveals that came before the host's start
	early      []Incoming // the game's messages from a device that began it before this one

	out   outbox
	begin *Begin
}

// LobbyPhase is where the lobby stands.
type LobbyPhase int

// Lobby phases.
const (
	Gathering LobbyPhase = iota // players gather; the host starts when the seats are full
	Drawing                     // the seed is being drawn (commit-reveal)
	Failed                      // the game could not start here (Failure says why)
)

// Setup is what the host of an online game chooses besides the seats: the number of
// players, the edition and its options.
type Setup struct {
	Players      int
	Edition      string // "" means Birmingham
	Rules        string // the edition's rule set (engine.Config.Rules): "" its default, Lancashire's "original"
	Introductory bool   // the rulebook's introductory game (Canal Era only)
	// Dealt: the devices deal the cards between them (app/dealer), so that no device holds
	// another player's hand, the deck's order or the Distant Market stack; no bot can then
	// play for a player who leaves (it would need their cards), and no move is taken back.
	Dealt bool
}

// LobbyConfig starts a lobby.
type LobbyConfig struct {
	Me   LobbySeat // this device's name and colour (its player id is made from its key)
	Host bool
	// Setup and RoomSecret, of the host: the game, and the secret its players' devices
	// reopen the room with (64 hex digits), handed to the seated players at the start.
	Setup      Setup
	RoomSecret string
	Timing     Timing
	Random     io.Reader // secrets and keys: crypto/rand.Reader, or a seeded source in tests
}

// member is another device in the room, as its hello describes it.
type member struct {
	id      string
	player  string // from its hello ("" until then)
	name    string
	colour  string
	open    bool
	quiet   bool
	host    bool // the signalling server named it the room's host
	stale   bool // it runs another version of the protocol
	greeted bool // its hello came on this connection
	again   int  // the timer that says this device's hello again, and how often it did
	tries   int
}

// Incoming is a message as it arrived, kept for a core that does not exist yet.
type Incoming struct {
	Peer string
	Data []byte
}

// maxEarly bounds the messages kept for later from one connection: what a device can send
// before this one takes them (the seed's messages, a game's first messages).
const maxEarly = 16

// NewLobby starts a lobby. A host's setup is checked here: an edition that does not exist,
// a player count it does not allow or an introductory game it has not are refused.
func NewLobby(c LobbyConfig) (*Lobby, error) {
	if c.Random == nil {
		return nil, errors.New("a lobby needs a source of randomness")
	}
	name, colour, err := profile.Validate(c.Me.Name, c.Me.Colour)
	if err != nil {
		return nil, err
	}
	c.Me.Name, c.Me.Colour = name, colour
	id, err := NewIdentity(c.Random)
	if err != nil {
		return nil, err
	}
	c.Me.Player = playerID(id.Public())
	l := &Lobby{me: c.Me, id: id, host: c.Host, setup: c.Setup, secret: c.RoomSecret, timing: c.Timing, random: c.Random, peers: map[string]*member{}}
	if c.Host {
		if l.setup.Edition == "" {
			l.setup.Edition = "birmingham"
		}
		ed, ok := engine.EditionFor(l.setup.Edition, l.setup.Rules)
		switch {
		case !ok:
			return nil, fmt.Errorf("There is no edition %q with the rules %q.", l.setup.Edition, l.setup.Rules)
		case l.setup.Players < ed.Rules.MinPlayers || l.setup.Players > ed.Rules.MaxPlayers:
			return nil, fmt.Errorf("%s has %d to %d players, not %d.", ed.Name, ed.Rules.MinPlayers, ed.Rules.MaxPlayers, l.setup.Players)
		case l.setup.Introductory && !ed.Rules.Introductory:
			return nil, fmt.Errorf("%s has no introductory game.", ed.Name)
		}
		l.size = l.setup.Players
		l.hostID = c.Me.Player
		l.seats = []LobbySeat{c.Me}
	}
	return l, nil
}

// ---- the Core ----

// Ready implements Core.
func (l *Lobby) Ready() Ready {
	r := l.out.ready
	r.Begin = l.begin
	return r
}

// Advance implements Core.
func (l *Lobby) Advance() { l.out.ready, l.begin = Ready{}, nil }

// Step implements Core.
func (l *Lobby) Step(ev Event) {
	switch ev.Kind {
	case Entered, Left:
		if ev.Kind == Entered {
			l.self = ev.Peer
		}
		l.peers = map[string]*member{}
		if l.phase == Drawing {
			l.abortDraw("The connection to the other players was lost while drawing the seed.")
		}
		if l.host && l.phase == Gathering {
			// Every connection is gone: the players are seated again as their hellos come, so
			// that a seat never stays with a device that did not come back.
			l.seats = l.seats[:1]
		}
		l.out.ready.Changed = true
	case Opened:
		m := l.member(ev.Peer)
		m.open, m.quiet, m.host = true, false, ev.Host
		l.send(ev.Peer, l.hello(ev.Peer, m.player != ""))
		m.again = l.out.schedule(TimerHello, -1, helloAgain)
		l.out.ready.Changed = true
	case Quiet, Heard:
		if m := l.peers[ev.Peer]; m != nil && m.quiet != (ev.Kind == Quiet) {
			m.quiet = ev.Kind == Quiet
			l.out.ready.Changed = true
		}
	case Closed:
		m := l.peers[ev.Peer]
		delete(l.peers, ev.Peer)
		if m != nil && m.player != "" {
			l.left(m)
		}
		l.out.ready.Changed = true
	case Message:
		l.receive(ev.Peer, ev.Data)
	case Fired:
		if ev.Timer.Kind == TimerStall && ev.Timer.Gen == l.stall && l.phase == Drawing {
			l.drawStalled()
		}
		if ev.Timer.Kind == TimerHello {
			for _, id := range sortedKeys(l.peers) {
				if m := l.peers[id]; m.again == ev.Timer.Gen && m.open && !m.greeted && m.tries < helloTries {
					m.tries++
					l.send(id, l.hello(id, false))
					m.again = l.out.schedule(TimerHello, -1, helloAgain)
				}
			}
		}
	}
}

func (l *Lobby) member(id string) *member {
	m := l.peers[id]
	if m == nil {
		m = &member{id: id}
		l.peers[id] = m
	}
	return m
}

func (l *Lobby) send(to string, m message) { l.out.send(to, encode(m)) }

// broadcast sends to every peer with an open channel, in order.
func (l *Lobby) broadcast(m message) {
	data := encode(m)
	for _, id := range sortedKeys(l.peers) {
		if l.peers[id].open {
			l.out.send(id, data)
		}
	}
}

func (l *Lobby) notify(bad bool, format string, args ...any) {
	l.out.notify(bad, fmt.Sprintf(format, args...))
}

// hello says who this device is, signed for the connection to peer with the key its player
// id is made from; greeted says that it has the recipient's hello.
func (l *Lobby) hello(peer string, greeted bool) message {
	m := message{Type: msgHello, Version: Version, Player: l.me.Player, Name: l.me.Name, Colour: l.me.Colour, Greeted: greeted, Key: l.id.Public()}
	m.Sig = l.id.sign(lobbyHelloContent(m.Key, m.Player, m.Name, m.Colour, l.self, peer))
	return m
}

// playerID is the player id a lobby key gives: nobody can claim another's without its key.
func playerID(k PublicKey) string {
	sum := sha256.Sum256([]byte("brass player v1\x00" + string(k)))
	return hex.EncodeToString(sum[:8])
}

// lobbyHelloContent is what a lobby hello's signature covers.
func lobbyHelloContent(key PublicKey, player, name, colour, from, to string) []byte {
	w := newWriter("brass lobby hello v1")
	for _, s := range []string{string(key), player, name, colour, from, to} {
		w.str(s)
	}
	return w.buf
}

// receive takes one message from a peer.
func (l *Lobby) receive(id string, data []byte) {
	p := l.peers[id]
	if p == nil || p.stale {
		return
	}
	m, err := decode(data)
	switch {
	case errors.Is(err, errVersion):
		p.stale = true
		l.notify(true, "%s's device runs another version of Brass; both of you should reload the page to play together.", nonEmpty(m.Name, "A player"))
		return
	case err != nil:
		l.notify(true, "Ignored %s from %s.", err, l.memberName(p))
		return
	}
	if play := m.Type == msgHello && m.Player == "" || m.Type != msgHello && !lobbyType(m.Type); play {
		l.early = l.gamePlay(p, m, data, l.early)
		return
	}
	if m.Type != msgHello && !p.greeted {
		return // nothing counts before a hello says who this is
	}
	switch m.Type {
	case msgHello:
		l.onHello(p, m)
	case msgLobby:
		l.onLobby(p, m)
	case msgStart:
		l.onStart(p, m)
	case msgCommit, msgReveal, msgSeeded:
		l.onSeed(p, m)
	}
}

// gamePlay takes a message of a game in play: from a device that began this device's game a
// moment before it (kept, bounded, for the Replica), or, in a room still gathering, from a
// device whose game is under way (this room is not gathering players).
func (l *Lobby) gamePlay(p *member, m message, data []byte, early []Incoming) []Incoming {
	switch {
	case l.phase == Drawing && m.Game == l.draw.start.Game:
		if earlyFrom(early, p.id) < maxEarly {
			early = append(early, Incoming{p.id, data})
		}
	case l.phase == Gathering && !l.host:
		l.fail("This room's game has already started; only its players can rejoin it, from their saved games.")
	}
	return early
}

// earlyFrom counts the messages kept for later from one connection.
func earlyFrom(early []Incoming, peer string) int {
	n := 0
	for _, e := range early {
		if e.Peer == peer {
			n++
		}
	}
	return n
}

func (l *Lobby) onHello(p *member, m message) {
	switch {
	case playerID(m.Key) != m.Player || !m.Key.verify(lobbyHelloContent(m.Key, m.Player, m.Name, m.Colour, p.id, l.self), m.Sig):
		l.notify(true, "Ignored a hello for %s that was not signed for this connection.", nonEmpty(m.Name, "a player"))
		return
	case m.Player == l.me.Player:
		l.notify(true, "Ignored a device that said it was this one.")
		return
	case p.greeted && m.Player != p.player:
		l.notify(true, "Ignored a second identity on %s's connection.", l.memberName(p))
		return
	}
	// The same player on a second connection (a reloaded tab): the newest one counts.
	for id, other := range l.peers {
		if id != p.id && other.player == m.Player {
			delete(l.peers, id)
		}
	}
	l.out.ready.Changed = true
	p.player, p.name, p.colour, p.greeted = m.Player, m.Name, m.Colour, true
	if !m.Greeted {
		// The sender has not had this device's hello. It may have been lost (one was, as a
		// connection opened, in the browser under load), and without it the sender ignores
		// everything from here. Answering it, before anything else, heals one lost hello
		// either way; an answer says greeted, so it is never answered in turn.
		l.send(p.id, l.hello(p.id, true))
	}
	switch l.phase {
	case Gathering:
		l.seatPlayer(p, m)
	case Drawing:
		l.resendSeed(p)
	case Failed:
		if l.host {
			l.send(p.id, l.seatList()) // (with why the game cannot start)
		}
	}
}

// seatPlayer seats a player who said hello (host): first come, first seated.
func (l *Lobby) seatPlayer(p *member, m message) {
	if !l.host || m.Player == l.me.Player {
		return
	}
	for i := range l.seats {
		if l.seats[i].Player == m.Player {
			l.seats[i].Name, l.seats[i].Colour = m.Name, l.freeColour(m.Colour, m.Player)
			l.broadcastSeats()
			return
		}
	}
	if len(l.seats) < l.size {
		l.seats = append(l.seats, LobbySeat{Player: m.Player, Name: m.Name, Colour: l.freeColour(m.Colour, m.Player)})
	}
	l.broadcastSeats()
}

// freeColour returns the colour a player asked for, or the first palette colour no other
// seat has.
func (l *Lobby) freeColour(want, player string) string {
	taken := func(c string) bool {
		for _, s := range l.seats {
			if s.Player != player && s.Colour == c {
				return true
			}
		}
		return false
	}
	return profile.FreeColour(want, taken)
}

func (l *Lobby) broadcastSeats() {
	l.out.ready.Changed = true
	l.broadcast(l.seatList())
}

// seatList is the host's list of seats, and, once its lobby failed, why: a guest would
// otherwise wait for a start that cannot come.
func (l *Lobby) seatList() message {
	m := message{Type: msgLobby, Size: l.size, Seats: l.seats, Host: l.me.Player}
	if l.phase == Failed {
		m.Reason = l.failure
	}
	return m
}

// onLobby takes the host's list of seats, only from the device the signalling server named
// the room's host: any device that knows the code may be in the room and claim to be it. A
// list that says why the game cannot start (the host's draw failed) ends this lobby too: the
// host decides whether a game starts, and this device would otherwise wait for ever.
func (l *Lobby) onLobby(p *member, m message) {
	if l.phase == Failed || l.host {
		return
	}
	if !p.host {
		l.notify(true, "Ignored a list of seats from %s: the server did not name that device the room's host.", l.memberName(p))
		return
	}
	if p.player != m.Host {
		return
	}
	if m.Reason != "" {
		l.fail("The host's device stopped before the game began: " + m.Reason)
		return
	}
	if l.phase != Gathering {
		return
	}
	// (The host's player id is its own: a host that reloaded comes back under a new one, and
	// the connection the server names is what counts.)
	l.out.ready.Changed = true
	l.hostID, l.size = m.Host, m.Size
	l.seats = append([]LobbySeat(nil), m.Seats...)
	for _, s := range l.seats {
		if s.Player == l.me.Player {
			l.me.Colour = s.Colour // the host may have given another colour
			return
		}
	}
	if len(l.seats) >= l.size {
		l.notify(true, "The room is full: all its seats are taken.")
	}
}

// left updates the lobby after a player's connection closed: a seat's player gone during the
// draw stops it, and the host frees the seat (the player takes one again on coming back).
func (l *Lobby) left(m *member) {
	if l.phase == Drawing && l.draw.seatOf(m.player) >= 0 {
		l.abortDraw(fmt.Sprintf("%s left while the seed was being drawn.", l.playerName(m.player)))
	}
	if !l.host || l.phase != Gathering {
		return
	}
	for i, s := range l.seats {
		if s.Player == m.player && i > 0 {
			l.seats = append(l.seats[:i:i], l.seats[i+1:]...)
			l.broadcastSeats()
			return
		}
	}
}

// SetProfile changes this player's name and colour while players gather.
func (l *Lobby) SetProfile(name, colour string) error {
	if l.phase != Gathering {
		return errors.New("Names and colours are fixed once the game starts.")
	}
	name, colour, err := profile.Validate(name, colour)
	if err != nil {
		return err
	}
	l.me.Name, l.me.Colour = name, colour
	if l.host {
		l.seats[0].Name, l.seats[0].Colour = name, l.freeColour(colour, l.me.Player)
		l.me.Colour = l.seats[0].Colour
		l.broadcastSeats()
		return nil
	}
	for _, id := range sortedKeys(l.peers) { // a new name to peers already greeted
		if l.peers[id].open {
			l.send(id, l.hello(id, true))
		}
	}
	l.out.ready.Changed = true
	return nil
}

// CanStart reports whether the host may start: every seat taken and every player connected.
func (l *Lobby) CanStart() bool {
	if !l.host || l.phase != Gathering || len(l.seats) != l.size {
		return false
	}
	for _, s := range l.seats {
		if st := l.State(s.Player); st != PeerYou && st != PeerConnected {
			return false
		}
	}
	return true
}

// Start is the host's: it fixes the seats and begins the seed draw. gameID names the new
// game (the shell draws it).
func (l *Lobby) Start(gameID string) error {
	if !l.CanStart() {
		return fmt.Errorf("The game starts when all %d seats are taken and every player is connected.", l.size)
	}
	if !validWireID(gameID) || gameID == "" {
		return fmt.Errorf("%q is not a game id", gameID)
	}
	cfg := StartConfig{Edition: l.setup.Edition, Rules: l.setup.Rules, Players: l.size, Introductory: l.setup.Introductory, Dealt: l.setup.Dealt}
	var players []string
	for _, s := range l.seats {
		cfg.Names = append(cfg.Names, s.Name)
		cfg.Colours = append(cfg.Colours, s.Colour)
		players = append(players, s.Player)
	}
	if _, err := profile.ValidateNames(cfg.Names, cfg.Players); err != nil {
		return err
	}
	start := message{Type: msgStart, Game: gameID, Host: l.me.Player, Config: &cfg, Players: players}
	for _, id := range sortedKeys(l.peers) {
		if p := l.peers[id]; p.open {
			l.send(id, l.startFor(p.player, start))
		}
	}
	l.beginDraw(start)
	return nil
}

// startFor is the host's start as one device gets it: with the room secret only for a
// seated player.
func (l *Lobby) startFor(player string, start message) message {
	start.RoomSecret = ""
	if player != "" && slices.Contains(start.Players, player) {
		start.RoomSecret = l.secret
	}
	return start
}

// onStart takes the host's start.
func (l *Lobby) onStart(p *member, m message) {
	if l.phase != Gathering || l.host || !p.host || p.player != m.Host {
		return
	}
	l.hostID = m.Host
	if !slices.Contains(m.Players, l.me.Player) {
		// Not failed for good: if that draw does not go through, the host may seat this device
		// next time; if it does, the game's first messages say so.
		l.notify(true, "The host started a game without you: every seat was taken.")
		return
	}
	c := m.Config
	refuse := func(why string) { l.notify(true, "The host's start was refused: %s", sentenceFragment(why)) }
	if _, err := profile.ValidateNames(c.Names, c.Players); err != nil {
		refuse(err.Error())
		return
	}
	if _, err := profile.ValidateColours(c.Colours, c.Players); err != nil {
		refuse(err.Error())
		return
	}
	if _, ok := engine.EditionFor(c.Edition, c.Rules); !ok {
		refuse(fmt.Sprintf("this version does not know the edition %s with the rules %q.", c.Edition, c.Rules))
		return
	}
	l.secret = m.RoomSecret // this game's devices reopen the room with it
	m.RoomSecret = ""
	l.beginDraw(m)
}

// beginDraw commits to this device's secret and its key for the game, and waits for the
// others' commitments.
func (l *Lobby) beginDraw(start message) {
	me := slices.Index(start.Players, l.me.Player)
	d, err := newSeedDraw(start, me, l.random)
	if err != nil {
		l.fail("This device cannot make a key for the game: " + sentenceFragment(err.Error()))
		return
	}
	l.out.ready.Changed = true
	l.phase, l.draw = Drawing, d
	l.broadcast(l.commitMessage())
	early := l.earlySeeds
	l.earlySeeds = nil
	for _, m := range early {
		if l.phase == Drawing && m.Game == start.Game {
			l.seedMessage(m)
		}
	}
	l.progress()
}

// commitMessage is this device's commitment to its secret, with the keys it binds.
func (l *Lobby) commitMessage() message {
	d := &l.draw
	me := d.seatOf(l.me.Player)
	return message{Type: msgCommit, Game: d.start.Game, Player: l.me.Player, Commit: d.commits[me], Key: d.keys[me], Box: d.boxes[me]}
}

// onSeed takes a commitment, a secret or an initial hash from a peer.
func (l *Lobby) onSeed(p *member, m message) {
	if m.Player != p.player {
		l.notify(true, "%s sent a seed message for another player; it was ignored.", l.memberName(p))
		return
	}
	if l.phase != Drawing || l.draw.start.Game != m.Game {
		if l.phase == Gathering && len(l.earlySeeds) < maxEarly*profile.MaxPlayers {
			l.earlySeeds = append(l.earlySeeds, m) // it came before the host's start
		}
		return
	}
	l.seedMessage(m)
	l.progress()
}

func (l *Lobby) seedMessage(m message) {
	d := &l.draw
	seat := d.seatOf(m.Player)
	if seat < 0 {
		return
	}
	record := func(into []string, value, what string) bool {
		if old := into[seat]; old != "" && old != value {
			l.abortDraw(fmt.Sprintf("%s sent two different %s.", l.playerName(m.Player), what))
			return false
		}
		into[seat] = value
		return true
	}
	switch m.Type {
	case msgCommit:
		if d.keys[seat] != "" && (d.keys[seat] != m.Key || d.boxes[seat] != m.Box) {
			l.abortDraw(fmt.Sprintf("%s sent two different keys.", l.playerName(m.Player)))
			return
		}
		if record(d.commits, m.Commit, "commitments") {
			d.keys[seat], d.boxes[seat] = m.Key, m.Box
		}
	case msgReveal:
		record(d.reveals, m.Secret, "secrets")
	case msgSeeded:
		if record(d.seeded, m.Hash, "initial states") {
			d.theirs[seat] = m.Commits
		}
	}
}

// progress takes the draw as far as it can go: reveal once every commitment is in (no one
// can then choose a secret knowing another's), build the game once every secret is in, begin
// once every device built the same game; and restarts the stall timer whenever what the draw
// waits for changed.
func (l *Lobby) progress() {
	if l.phase != Drawing {
		return
	}
	d := &l.draw
	me := d.seatOf(l.me.Player)
	if !d.revealed && all(d.commits) {
		d.revealed = true
		d.reveals[me] = d.secret
		l.broadcast(message{Type: msgReveal, Game: d.start.Game, Player: l.me.Player, Secret: d.secret})
	}
	if d.hash == "" && all(d.reveals) {
		seed, cheat := d.seed()
		if cheat >= 0 {
			l.fail(fmt.Sprintf("%s's secret does not match their commitment, so the shuffle could have been chosen: the game cannot start.", l.playerName(d.start.Players[cheat])))
			return
		}
		g, err := engine.NewGame(d.config(seed))
		if err != nil {
			l.fail("The game cannot be set up: " + sentenceFragment(err.Error()))
			return
		}
		d.hash = hashString(g.Hash())
		d.seeded[me] = d.hash
		l.broadcast(message{Type: msgSeeded, Game: d.start.Game, Player: l.me.Player, Hash: d.hash, Commits: d.commits})
	}
	if d.hash != "" && all(d.seeded) {
		for seat, h := range d.seeded {
			if h == d.hash {
				continue
			}
			// Another game from the same draw: the commitments each device drew from show who
			// sent different ones to different devices; if none did, the device set up
			// another game from the same secrets.
			for k, c := range d.theirs[seat] {
				if k < len(d.commits) && c != d.commits[k] {
					l.fail(fmt.Sprintf("%s's device sent different commitments to different devices, so the seed could have been chosen: the game cannot start.", l.playerName(d.start.Players[k])))
					return
				}
			}
			l.fail(fmt.Sprintf("%s's device set up a different game from the same seed; the game cannot start.", l.playerName(d.start.Players[seat])))
			return
		}
		l.began()
		return
	}
	if on := fmt.Sprint(d.waitingFor(), d.missing()); on != l.stallOn {
		l.stallOn = on
		l.stall = l.out.schedule(TimerStall, -1, l.timing.Stall)
	}
}

// config is the engine's config of the game drawn.
func (d *seedDraw) config(seed uint64) engine.Config {
	c := d.start.Config
	return engine.Config{Edition: c.Edition, Rules: c.Rules, Players: c.Players, Seed: seed, Names: c.Names, Introductory: c.Introductory, Dealt: c.Dealt}
}

// drawStalled: a device did not send its part of the draw within Timing.Stall: it is named,
// and the draw goes back to the lobby (a player who dislikes the outcome can refuse to
// reveal; nobody can make it).
func (l *Lobby) drawStalled() {
	var names []string
	for _, seat := range l.draw.missing() {
		names = append(names, l.playerName(l.draw.start.Players[seat])+"'s device")
	}
	what := l.draw.waitingFor()
	l.abortDraw(fmt.Sprintf("%s did not send %s within %s: the seed cannot be drawn.", capital(joinAnd(names)), what, seconds(l.timing.Stall)))
}

// began hands the game over: Ready.Begin carries it.
func (l *Lobby) began() {
	d := &l.draw
	seed, _ := d.seed()
	b := &Begin{
		Genesis:    Genesis{Game: d.start.Game, Config: d.config(seed), Keys: append([]PublicKey(nil), d.keys...), Boxes: d.genesisBoxes()},
		Identity:   d.id,
		Self:       l.self,
		Host:       d.start.Host,
		Players:    append([]string(nil), d.start.Players...),
		Colours:    append([]string(nil), d.start.Config.Colours...),
		Commits:    append([]string(nil), d.commits...),
		Secrets:    append([]string(nil), d.reveals...),
		RoomSecret: l.secret,
		Early:      l.early,
	}
	for _, id := range sortedKeys(l.peers) {
		if l.peers[id].open {
			b.Peers = append(b.Peers, id)
		}
	}
	l.begin, l.early = b, nil
	l.out.ready.Save, l.out.ready.Changed = true, true
	l.out.notify(false, "Every player's secret checked out: the seed is drawn and the game begins.")
}

// abortDraw goes back to gathering players; the host may start again.
func (l *Lobby) abortDraw(why string) {
	l.phase, l.draw, l.early, l.stallOn = Gathering, seedDraw{}, nil, ""
	l.out.notify(true, why+" The host can start again.")
}

// resendSeed repeats this device's part of the draw to a player who (re)connected during it.
func (l *Lobby) resendSeed(p *member) {
	d := &l.draw
	if l.host {
		l.send(p.id, l.startFor(p.player, d.start))
	}
	l.send(p.id, l.commitMessage())
	if d.revealed {
		l.send(p.id, message{Type: msgReveal, Game: d.start.Game, Player: l.me.Player, Secret: d.secret})
	}
	if d.hash != "" {
		l.send(p.id, message{Type: msgSeeded, Game: d.start.Game, Player: l.me.Player, Hash: d.hash, Commits: d.commits})
	}
}

func (l *Lobby) fail(why string) {
	l.phase, l.failure = Failed, why
	l.out.notify(true, why)
	if l.host {
		l.broadcastSeats()
	}
}

// ---- what the screen reads ----

// Phase says where the lobby stands.
func (l *Lobby) Phase() LobbyPhase { return l.phase }

// Failure says why the phase is Failed.
func (l *Lobby) Failure() string { return l.failure }

// IsHost reports whether this device hosts the room.
func (l *Lobby) IsHost() bool { return l.host }

// Size is the number of players the room is for (0 until a guest has the host's list).
func (l *Lobby) Size() int { return l.size }

// Seats is the host's list of seats, as this device has it.
func (l *Lobby) Seats() []LobbySeat { return append([]LobbySeat(nil), l.seats...) }

// HostPlayer is the room's host's player id ("" until a guest has the host's list).
func (l *Lobby) HostPlayer() string { return l.hostID }

// Me is this device's player id, name and colour.
func (l *Lobby) Me() LobbySeat { return l.me }

// State is how a player is connected, as this device sees it.
func (l *Lobby) State(player string) PeerState {
	if player == l.me.Player {
		return PeerYou
	}
	for _, m := range l.peers {
		if m.player == player {
			if m.open && !m.quiet {
				return PeerConnected
			}
			return PeerAway
		}
	}
	return PeerAway
}

// memberName names a device for notices.
func (l *Lobby) memberName(m *member) string {
	if m.player != "" {
		return l.playerName(m.player)
	}
	return "another device"
}

// playerName is a player's name from the lobby or a hello.
func (l *Lobby) playerName(player string) string {
	if player == l.me.Player {
		return l.me.Name
	}
	for _, s := range l.seats {
		if s.Player == player {
			return s.Name
		}
	}
	for _, m := range l.peers {
		if m.player == player && m.name != "" {
			return m.name
		}
	}
	return "another player"
}

func nonEmpty(s, fallback string) string {
	if s == "" {
		return fallback
	}
	return s
}

// Fail stops the lobby for a reason outside the protocol (the signalling server refused the
// room).
func (l *Lobby) Fail(why string) { l.fail(why) }

// RoomSecret is the secret the room's reopening key derives from: the host's own, or the one
// the host's start handed this device ("" before).
func (l *Lobby) RoomSecret() string { return l.secret }

// PlayerID is the player id a lobby gives the holder of key k: its hash.
func PlayerID(k PublicKey) string { return playerID(k) }
