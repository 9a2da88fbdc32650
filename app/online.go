package app

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"time"

	"brass/app/mesh"
	"brass/app/online"
	"brass/engine"
	"brass/signal"
)

// Online is a game played by several devices over WebRTC: this device plays its own seat,
// the others' moves arrive over data channels. It is an app.Session for the game screen and
// also runs the lobby before the game: host or join a room, gather the players, draw the seed
// together (commit-reveal), then play.
//
// Every device runs the engine and validates every move itself. Once the game starts, the
// protocol is this device's online.Replica (signed moves, seats that belong to their players,
// no rewritten history; see package app/online), which this type runs over the mesh, timers
// and storage (online_play.go). The game is saved after every move, so a device that reloads
// or loses its connection reopens the room, fetches the moves it missed and goes on.
//
// Concurrency: everything runs on one goroutine, the UI's. The network's events reach it
// through the run function given to Connect (go-app's ctx.Dispatch in the browser), and the
// UI calls the methods from that same goroutine.
type Online struct {
	store Store
	opts  OnlineOptions

	run     func(func())
	changed func()
	ctx     context.Context
	cancel  context.CancelFunc

	// The room and this device's place in it.
	room string
	size int
	host bool   // this device created the room (the lobby's authority)
	me   string // this device's player id
	// roomSecret is the secret the room's reopen key derives from (online_reopen.go).
	roomSecret string
	// storedPasses: how many locked deals' passes are stored apart (a dealt game, save).
	storedPasses int
	// namedHost reports whether the server named a peer the room's host (Welcome.Host).
	namedHost func(peer string) bool
	name      string
	colour    string

	signal  SignalState
	mesh    *mesh.Mesh
	self    string             // this device's peer id in the room (the server's Welcome.You)
	remotes map[string]*remote // by the mesh's peer id
	phase   OnlinePhase
	failure string // why the phase is PhaseFailed

	// The lobby, as the host keeps it (and the others mirror it).
	lobby      []lobbySeat
	lobbyHost  string
	setup      GameSetup // the host's choice of game
	draw       *seedDraw
	drawStart  *wireMessage
	earlySeeds []wireMessage  // commits and reveals that came before the start
	earlyPlay  []earlyMessage // the game's messages that came before this device began it

	// The game, once started (pending: built from the seed, waiting for every device to
	// agree). rep is the protocol of the game in play (package app/online), and identity
	// this device's signing key for the game, made when the seed draw begins.
	saved    savedGame
	pending  *engine.Game
	rep      *online.Replica
	identity online.Identity

	notices []Notice
	dirty   bool // something the screen shows changed while handling an event
	bots    botDriver
}

var (
	_ Live    = (*Online)(nil)
	_ BotHost = (*Online)(nil)
)

// OnlinePhase is where an online game stands.
type OnlinePhase int

// Phases of an online game.
const (
	PhaseLobby   OnlinePhase = iota // players gather; the host starts when the seats are full
	PhaseSeeding                    // the seed is being drawn (commit-reveal)
	PhasePlaying                    // the game is on
	PhaseFailed                     // the game could not start or cannot go on (see Failure)
)

// SignalState is the state of the connection to the signalling server.
type SignalState int

// Signalling states.
const (
	SignalConnecting   SignalState = iota // the first connection is being made
	SignalConnected                       // in the room
	SignalReconnecting                    // the connection dropped; trying again
	SignalClosed                          // stopped (Close, or a refusal that retrying cannot fix)
)

// PeerState is how a seat's player is connected, as this device sees it.
type PeerState int

// Peer states.
const (
	PeerYou        PeerState = iota // this device
	PeerConnected                   // an open channel, heard from recently
	PeerConnecting                  // in the room, channel not open yet
	PeerAway                        // not connected, or silent for a few seconds
)

func (s PeerState) String() string {
	switch s {
	case PeerYou:
		return "you"
	case PeerConnected:
		return "connected"
	case PeerConnecting:
		return "connecting"
	}
	return "away"
}

// SeatStatus describes one seat of the lobby or the game.
type SeatStatus struct {
	Seat   int
	Player string
	Name   string
	Colour string
	State  PeerState
	Host   bool
	Bot    string // the level of the bot playing the seat while its player is away, or ""
}

// Notice is something the players should read: a refused move, a device that holds another
// game, an undo answer.
type Notice struct {
	Text string
	Bad  bool
	At   time.Time
}

// RoomRequest asks the signalling server for a room.
type RoomRequest struct {
	Kind string             // "host", "join" or "reopen"
	Room string             // join and reopen
	Size int                // host and reopen
	Key  ed25519.PrivateKey // host and reopen: the room's key (see online_reopen.go)
}

// Welcome is the signalling server's answer to a RoomRequest.
type Welcome struct {
	Room  string
	You   string
	Peers []string
	ICE   []mesh.ICEServer
	// Host reports whether the server named a peer the room's host: a member that opened
	// the room or proved its key. Safe from any goroutine; nil names none.
	Host func(peer string) bool
}

// Dialer connects to the signalling server and enters a room. A refusal that trying again
// cannot fix (an unknown or full room) is a *RoomError.
type Dialer func(ctx context.Context, req RoomRequest) (mesh.Signalling, Welcome, error)

// RoomError is the signalling server's refusal of a room request.
type RoomError struct {
	Code string // the server's error code ("no-room", "room-full", …)
	Msg  string
}

func (e *RoomError) Error() string { return e.Msg }

// OnlineOptions configure an online game.
type OnlineOptions struct {
	Dial Dialer
	// Mesh tunes the peer connections (tests: loopback, relay only, fast heartbeats); the ICE
	// servers come from the signalling server.
	Mesh mesh.Config
	// Now is the clock for notices and save times (tests).
	Now func() time.Time
	// Retry is the pause before reconnecting to the signalling server (default 1 s, doubling
	// to 8 s).
	Retry time.Duration
	// BotPause is the least time the move of a bot run here takes to appear (default
	// DefaultBotPause; tests: a moment).
	BotPause time.Duration

	// lose, in tests, is the network losing a message this device sends before the game.
	lose func(to string, m wireMessage) bool
}

func (o *OnlineOptions) defaults() {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Retry <= 0 {
		o.Retry = time.Second
	}
	if o.BotPause <= 0 {
		o.BotPause = DefaultBotPause
	}
}

// remote is another device in the room.
type remote struct {
	peer   string // the mesh's peer id
	player string // from its hello ("" until then)
	name   string
	colour string
	open   bool
	quiet  bool
	stale  bool // another version of the protocol
}

func newPlayerID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// HostOnline prepares a new room for players (2–4): this device is the host. Connect opens
// the room; Room then gives its code.
func HostOnline(store Store, setup GameSetup, name, colour string, opts OnlineOptions) (*Online, error) {
	if setup.Edition == "" {
		setup.Edition = "birmingham"
	}
	ed, ok := engine.EditionFor(setup.Edition, setup.Rules)
	if !ok {
		return nil, &Error{Msg: fmt.Sprintf("There is no edition %q with the rules %q.", setup.Edition, setup.Rules)}
	}
	if setup.Players < ed.Rules.MinPlayers || setup.Players > ed.Rules.MaxPlayers {
		return nil, &Error{Msg: fmt.Sprintf("%s has %d to %d players, not %d.", ed.Name, ed.Rules.MinPlayers, ed.Rules.MaxPlayers, setup.Players)}
	}
	if setup.Introductory && !ed.Rules.Introductory {
		return nil, &Error{Msg: ed.Name + " has no introductory game."}
	}
	o, err := newOnline(store, name, colour, opts)
	if err != nil {
		return nil, err
	}
	o.host = true
	o.roomSecret = newSecret()
	o.size = setup.Players
	o.setup = setup
	o.lobbyHost = o.me
	o.lobby = []lobbySeat{{Player: o.me, Name: o.name, Colour: o.colour}}
	return o, nil
}

// GameSetup is what the host of an online game chooses besides the seats: the number of
// players, the edition and its options.
type GameSetup struct {
	Players      int
	Edition      string // "" means Birmingham
	Rules        string // the edition's rule set (engine.Config.Rules): "" its default, Lancashire's "original"
	Introductory bool   // the rulebook's introductory game (Canal Era only)
	// Dealt: the devices deal the cards between them (app/dealer), so that no device holds
	// another player's hand, the deck's order or the Distant Market stack; no bot can then
	// play for a player who leaves (it would need their cards), and no move is taken back.
	Dealt bool
}

// JoinOnline prepares to join a room by its code.
func JoinOnline(store Store, code, name, colour string, opts OnlineOptions) (*Online, error) {
	room, err := NormalizeRoomCode(code)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	o, err := newOnline(store, name, colour, opts)
	if err != nil {
		return nil, err
	}
	o.room = room
	return o, nil
}

func newOnline(store Store, name, colour string, opts OnlineOptions) (*Online, error) {
	opts.defaults()
	name, colour, err := ValidateProfile(name, colour)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	if opts.Dial == nil {
		return nil, &Error{Msg: "Online play needs a connection to the signalling server."}
	}
	return &Online{
		bots:    newBotDriver(opts.BotPause),
		store:   store,
		opts:    opts,
		me:      newPlayerID(),
		name:    name,
		colour:  colour,
		remotes: map[string]*remote{},
	}, nil
}

// Connect starts the network: it enters the room (and re-enters it whenever the signalling
// connection drops) and handles the peers' messages. run runs a function on the UI's
// goroutine; changed is called there after anything the screen shows has changed.
func (o *Online) Connect(run func(func()), changed func()) {
	if o.ctx != nil {
		return
	}
	o.run, o.changed = run, changed
	o.bots.run, o.bots.changed = run, changed
	o.ctx, o.cancel = context.WithCancel(context.Background())
	go o.connectLoop(o.ctx)
}

// Close leaves the room. The game stays saved and can be reopened.
func (o *Online) Close() {
	o.bots.closed = true
	if o.cancel != nil {
		o.cancel()
	}
	if o.mesh != nil {
		o.mesh.Close()
		o.mesh = nil
	}
	o.signal = SignalClosed
}

// request says how to enter the room now.
func (o *Online) request() RoomRequest {
	switch {
	case o.rep != nil:
		return RoomRequest{Kind: "reopen", Room: o.room, Size: o.rep.Game().Config().Players, Key: o.roomKey()}
	case o.host && o.room == "":
		return RoomRequest{Kind: "host", Size: o.size, Key: o.roomKey()}
	case o.host:
		return RoomRequest{Kind: "reopen", Room: o.room, Size: o.size, Key: o.roomKey()}
	}
	return RoomRequest{Kind: "join", Room: o.room}
}

// connectLoop enters the room, pumps the mesh's events to the UI goroutine until the
// signalling connection is lost, and tries again with a growing pause.
func (o *Online) connectLoop(ctx context.Context) {
	pause := o.opts.Retry
	for ctx.Err() == nil {
		reqc := make(chan RoomRequest, 1)
		o.run(func() { reqc <- o.request() })
		var req RoomRequest
		select {
		case req = <-reqc:
		case <-ctx.Done():
			return
		}
		sig, w, err := o.opts.Dial(ctx, req)
		if err != nil {
			var re *RoomError
			if errors.As(err, &re) {
				again := make(chan bool, 1)
				o.run(func() { again <- o.refusal(re) })
				select {
				case retry := <-again:
					if !retry {
						return
					}
				case <-ctx.Done():
					return
				}
			}
			o.run(func() {
				o.signal = SignalReconnecting
				o.changed()
			})
			select {
			case <-time.After(pause):
			case <-ctx.Done():
				return
			}
			if pause < 8*o.opts.Retry {
				pause *= 2
			}
			continue
		}
		pause = o.opts.Retry
		cfg := o.opts.Mesh
		cfg.ICEServers = w.ICE
		m := mesh.New(sig, cfg)
		o.run(func() { o.entered(m, w) })
		for ev := range m.Events() {
			ev := ev
			o.run(func() { o.meshEvent(m, ev) })
			if ev.Kind == mesh.Lost {
				break
			}
		}
		m.Close()
		if ctx.Err() != nil {
			return
		}
	}
}

// refusal decides what a refusal from the server means, and reports whether to try again.
// A player coming back to a game in progress may find the room full of its own earlier
// connection (a reload, a crash, a lost network) until the server notices that one closed:
// that passes, so it tries again. Any other refusal is final.
func (o *Online) refusal(re *RoomError) bool {
	if re.Code == signal.CodeRoomFull && o.phase == PhasePlaying {
		return true
	}
	o.refused(re)
	return false
}

// refused stops trying after the server refused the room for good.
func (o *Online) refused(re *RoomError) {
	o.signal = SignalClosed
	if o.phase != PhasePlaying {
		o.fail("The room could not be entered: " + sentenceFragment(re.Msg))
	} else {
		o.notify("The room could not be reopened: "+sentenceFragment(re.Msg), true)
	}
	o.changed()
}

// entered is called on the UI goroutine once the room is entered.
func (o *Online) entered(m *mesh.Mesh, w Welcome) {
	if o.ctx.Err() != nil {
		m.Close()
		return
	}
	o.mesh = m
	o.self = w.You
	o.room = w.Room
	o.namedHost = w.Host
	o.signal = SignalConnected
	o.remotes = map[string]*remote{}
	for _, p := range w.Peers {
		o.remotes[p] = &remote{peer: p}
	}
	if o.rep != nil {
		o.rep.Entered(w.You)
		o.flush()
	}
	o.changed()
}

// meshEvent handles one event of the mesh on the UI goroutine.
func (o *Online) meshEvent(m *mesh.Mesh, ev mesh.Event) {
	if m != o.mesh {
		return // an old mesh's last events
	}
	if o.rep != nil && o.phase == PhasePlaying {
		o.playEvent(ev)
		if !o.dirty && ev.Kind == mesh.Message {
			return
		}
		o.dirty = false
		o.changed()
		return
	}
	switch ev.Kind {
	case mesh.Open:
		r := o.remote(ev.Peer)
		r.open, r.quiet = true, false
		o.send(ev.Peer, o.hello(r.player != ""))
	case mesh.Quiet:
		o.remote(ev.Peer).quiet = true
	case mesh.Heard:
		o.remote(ev.Peer).quiet = false
	case mesh.Closed:
		r := o.remotes[ev.Peer]
		delete(o.remotes, ev.Peer)
		if r != nil && r.player != "" {
			o.left(r)
		}
	case mesh.Lost:
		o.mesh = nil
		o.remotes = map[string]*remote{}
		o.signal = SignalReconnecting
		if o.phase == PhaseSeeding {
			o.abortDraw("The connection to the other players was lost while drawing the seed.")
		}
	case mesh.Message:
		if o.phase == PhaseLobby && !o.host && isPlayMessage(ev.Data) {
			// A device of a game already under way: this room is not gathering players.
			o.fail("The game in room " + FormatRoomCode(o.room) + " has already started; only its players can rejoin it, from their saved games.")
			break
		}
		if o.phase == PhaseSeeding && isPlayMessage(ev.Data) {
			// A device that began the game a moment before this one.
			if len(o.earlyPlay) < 16*MaxPlayers {
				o.earlyPlay = append(o.earlyPlay, earlyMessage{ev.Peer, ev.Data})
			}
			return
		}
		// Most messages change nothing on screen; the handlers mark what does, so the
		// screen re-renders only then.
		o.message(o.remote(ev.Peer), ev.Data)
		if !o.dirty {
			return
		}
	}
	o.dirty = false
	o.changed()
}

// playEvent hands a mesh event of the game in play to the Replica.
func (o *Online) playEvent(ev mesh.Event) {
	switch ev.Kind {
	case mesh.Open:
		r := o.remote(ev.Peer)
		r.open, r.quiet = true, false
		o.rep.PeerOpened(ev.Peer)
	case mesh.Quiet:
		o.remote(ev.Peer).quiet = true
		o.rep.PeerQuiet(ev.Peer)
	case mesh.Heard:
		o.remote(ev.Peer).quiet = false
		o.rep.PeerHeard(ev.Peer)
	case mesh.Closed:
		delete(o.remotes, ev.Peer)
		o.rep.PeerClosed(ev.Peer)
	case mesh.Lost:
		o.mesh = nil
		o.remotes = map[string]*remote{}
		o.signal = SignalReconnecting
		o.rep.Left()
	case mesh.Message:
		o.playMessage(o.remote(ev.Peer), ev.Data)
		return
	}
	o.flush()
	o.dirty = true
}

// earlyMessage is a message of the game in play from a device that began it first.
type earlyMessage struct {
	peer string
	data []byte
}

// isPlayMessage reports whether a message belongs to the game in play (the Replica's) rather
// than to the lobby and the seed draw: its hello has a key and no player id.
func isPlayMessage(data []byte) bool {
	var probe struct {
		Type   string `json:"t"`
		Player string `json:"player"`
	}
	if json.Unmarshal(data, &probe) != nil {
		return false
	}
	switch probe.Type {
	case msgHello:
		return probe.Player == ""
	case msgLobby, msgStart, msgCommit, msgReveal, msgSeeded:
		return false
	}
	return true
}

func (o *Online) remote(peer string) *remote {
	r := o.remotes[peer]
	if r == nil {
		r = &remote{peer: peer}
		o.remotes[peer] = r
	}
	return r
}

// message decodes and dispatches one message from a peer.
func (o *Online) message(r *remote, data []byte) {
	m, err := decodeMessage(data)
	if err != nil {
		o.notify("Ignored "+err.Error()+" from "+o.peerName(r)+".", true)
		return
	}
	if r.stale {
		return
	}
	if m.Type != msgHello && r.player == "" {
		return // nothing counts before a hello says who this is (see onHello)
	}
	switch m.Type {
	case msgHello:
		o.onHello(r, m)
	case msgLobby:
		o.onLobby(r, m)
	case msgStart:
		o.onStart(r, m)
	case msgCommit, msgReveal, msgSeeded:
		o.onSeed(r, m)
	}
}

func (o *Online) send(peer string, m wireMessage) {
	if o.opts.lose != nil && o.opts.lose(peer, m) {
		return
	}
	if o.mesh != nil {
		_ = o.mesh.Send(peer, encodeMessage(m))
	}
}

// broadcast sends a message to every peer this device has greeted. The mesh opens a channel
// a moment before this device hears of it, and a peer ignores everything that comes before
// a hello: a peer not yet greeted gets this device's state after the hellos instead (see
// onHello).
func (o *Online) broadcast(m wireMessage) {
	if o.mesh == nil {
		return
	}
	data := encodeMessage(m)
	for _, id := range o.openPeers() {
		_ = o.mesh.Send(id, data)
	}
}

// openPeers lists the peers with an open channel, in order.
func (o *Online) openPeers() []string {
	var to []string
	for id, r := range o.remotes {
		if r.open {
			to = append(to, id)
		}
	}
	sort.Strings(to)
	return to
}

// hello says who this device is, before the game (once it started, the Replica's signed
// hello says it); greeted says that this device has the recipient's hello.
func (o *Online) hello(greeted bool) wireMessage {
	return wireMessage{Type: msgHello, Version: ProtocolVersion, Player: o.me, Name: o.name, Colour: o.colour, Greeted: greeted}
}

func (o *Online) onHello(r *remote, m wireMessage) {
	if m.Version != ProtocolVersion {
		r.stale = true
		o.notify(fmt.Sprintf("%s's device runs another version of Brass; both of you should reload the page to play together.", nonEmpty(m.Name, "A player")), true)
		return
	}
	// The same player on a second connection (a reloaded tab): the newest one counts.
	for id, other := range o.remotes {
		if id != r.peer && other.player == m.Player {
			delete(o.remotes, id)
		}
	}
	o.dirty = true
	r.player, r.name, r.colour = m.Player, m.Name, m.Colour
	if !m.Greeted {
		// The sender has not had this device's hello. It may have been lost (one was, as a
		// connection opened, in the browser under load), and without it the sender ignores
		// everything from here. Answering it, before anything else, heals one lost hello
		// either way; an answer says greeted, so it is never answered in turn.
		o.send(r.peer, o.hello(true))
	}
	switch o.phase {
	case PhaseLobby:
		o.lobbyHello(r, m)
	case PhaseSeeding:
		o.resendSeed(r)
	}
}

// left updates the game after a player's connection closed.
func (o *Online) left(r *remote) {
	switch o.phase {
	case PhaseLobby:
		o.lobbyLeft(r)
	case PhaseSeeding:
		if o.draw != nil && o.draw.seated(r.player) {
			o.abortDraw(o.playerName(r.player) + " left while the seed was being drawn.")
		}
	}
}

// ---- what the UI reads ----

// Phase says where the game stands.
func (o *Online) Phase() OnlinePhase { return o.phase }

// Failure says why the phase is PhaseFailed.
func (o *Online) Failure() string { return o.failure }

// Room is the room's code ("" until the server gave one).
func (o *Online) Room() string { return o.room }

// IsHost reports whether this device created the room.
func (o *Online) IsHost() bool { return o.host }

// Signal is the state of the signalling connection.
func (o *Online) Signal() SignalState { return o.signal }

// Me is this device's player id.
func (o *Online) Me() string { return o.me }

// Notices returns what happened that the players should read, oldest first.
func (o *Online) Notices() []Notice { return o.notices }

func (o *Online) notify(text string, bad bool) {
	o.dirty = true
	o.notices = append(o.notices, Notice{Text: text, Bad: bad, At: o.opts.Now()})
	if len(o.notices) > 20 {
		o.notices = o.notices[len(o.notices)-20:]
	}
}

func (o *Online) fail(why string) {
	o.phase = PhaseFailed
	o.failure = why
	o.notify(why, true)
}

// Seats lists the seats: the lobby's while players gather, the game's once it started.
func (o *Online) Seats() []SeatStatus {
	var out []SeatStatus
	if o.rep != nil {
		cfg := o.rep.Game().Config()
		for i, p := range o.saved.Online.Players {
			out = append(out, SeatStatus{Seat: i, Player: p, Name: cfg.Names[i], Colour: colourOf(o.saved.Colours, i), State: seatState(o.rep.SeatState(i)), Host: p == o.saved.Online.Host, Bot: o.rep.BotLevel(i)})
		}
		return out
	}
	for i, s := range o.lobby {
		out = append(out, SeatStatus{Seat: i, Player: s.Player, Name: s.Name, Colour: s.Colour, State: o.peerState(s.Player), Host: s.Player == o.lobbyHost})
	}
	return out
}

func colourOf(colours []string, i int) string {
	if i < len(colours) {
		return colours[i]
	}
	return ""
}

// peerState is how a player is connected, as this device sees it.
func (o *Online) peerState(player string) PeerState {
	if player == o.me {
		return PeerYou
	}
	for _, r := range o.remotes {
		if r.player == player {
			if r.open && !r.quiet {
				return PeerConnected
			}
			return PeerAway
		}
	}
	return PeerAway
}

// seatState is how the Replica sees a seat's player.
func seatState(s online.PeerState) PeerState {
	switch s {
	case online.PeerYou:
		return PeerYou
	case online.PeerConnected:
		return PeerConnected
	case online.PeerConnecting:
		return PeerConnecting
	}
	return PeerAway
}

// connected reports whether a player's device is connected now.
func (o *Online) connected(player string) bool {
	s := o.peerState(player)
	return s == PeerConnected || s == PeerYou
}

func (o *Online) peerName(r *remote) string {
	if r.player != "" {
		return o.playerName(r.player)
	}
	return "another device"
}

// playerName is a player's name from the game or the lobby.
func (o *Online) playerName(player string) string {
	if player == o.me {
		return o.name
	}
	if o.rep != nil {
		for i, p := range o.saved.Online.Players {
			if p == player {
				return o.rep.Game().State().Name(i)
			}
		}
	}
	for _, s := range o.lobby {
		if s.Player == player {
			return s.Name
		}
	}
	for _, r := range o.remotes {
		if r.player == player && r.name != "" {
			return r.name
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
