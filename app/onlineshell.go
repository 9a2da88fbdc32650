package app

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"brass/app/mesh"
	"brass/app/online"
	"brass/mailbox"
	"brass/signal"
)

// Online is a game played by several devices over WebRTC, as the shell around the protocol's
// cores (package app/online): it connects to the signalling server and the mesh, runs the
// timers and the storage, and drives one core at a time, the Lobby while the players gather
// and draw the seed, then the game's Replica. Every event of the network goes into the core
// (Step), and what the core hands back (Ready) is carried out: saved first, then sent, shown,
// timed. The screens read the core through the methods of this type (an OnlineSession); the
// rules of seats, moves, undos, bots, stalls and the deal are all the cores'.
//
// Concurrency: everything runs on one goroutine, the UI's. The network's events reach it
// through the run function given to Connect (go-app's ctx.Dispatch in the browser), and the
// UI calls the methods from that same goroutine.
type Online struct {
	store Store
	opts  OnlineOptions

	run     func(func())
	changed func()
	// background: a visit with no screen (the start screen's refresh, pacerefresh.go): its
	// player has not opened the game, so it does not take their seat back from a bot.
	background bool
	ctx        context.Context
	cancel     context.CancelFunc

	room      string
	namedHost func(peer string) bool // the server named a peer the room's host (Welcome.Host)
	signal    SignalState
	mesh      *mesh.Mesh // nil while out of the room

	core online.Core // the lobby, then the game: never nil
	// saved is the game as stored, once it began; storedPasses counts the locked deals'
	// passes stored apart (a dealt game, save).
	saved        savedGame
	storedPasses int
	// timers: when each running timer of the core started and fires, by generation (the
	// screen counts down to a stall's).
	timers map[timerKey]timerSpan

	notices []Notice
	dirty   bool // something the screen shows changed while handling an event
	bots    botDriver
	// pace is an own-pace game's link to its mailbox (ownpace.go), nil for a live game.
	pace *paceLink
}

// lobbyCore is the core while the players gather: the live lobby (online.Lobby), or the
// mailbox's for an own-pace game (paceLobby).
type lobbyCore interface {
	online.Core
	Phase() online.LobbyPhase
	Failure() string
	IsHost() bool
	Size() int
	Seats() []online.LobbySeat
	HostPlayer() string
	Me() online.LobbySeat
	State(player string) PeerState
	SetProfile(name, colour string) error
	CanStart() bool
	Start(gameID string) error
	Fail(why string)
	RoomSecret() string
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

// PeerState is how a seat's player is connected, as this device sees it (the cores').
type PeerState = online.PeerState

// Peer states.
const (
	PeerYou        = online.PeerYou
	PeerConnected  = online.PeerConnected
	PeerConnecting = online.PeerConnecting
	PeerAway       = online.PeerAway
)

// Notice is something the players should read: a refused move, a device that holds another
// game, an undo answer.
type Notice = online.Notice

// GameSetup is what the host of an online game chooses besides the seats (online.Setup).
type GameSetup = online.Setup

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

// RoomRequest asks the signalling server for a room.
type RoomRequest struct {
	Kind string             // "host", "join" or "reopen"
	Room string             // join and reopen
	Size int                // host and reopen
	Key  ed25519.PrivateKey // host and reopen: the room's key (see onlineshell_reopen.go)
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
	// Now is the clock for save times and countdowns (tests).
	Now func() time.Time
	// Retry is the pause before reconnecting to the signalling server (default 1 s, doubling
	// to 8 s).
	Retry time.Duration
	// BotPause is the least time the move of a bot run here takes to appear (default
	// DefaultBotPause; tests: a moment).
	BotPause time.Duration
	// Timing is the protocol's waits (default online.DefaultTiming; tests shorten them).
	Timing online.Timing
	// Mailbox is the mailbox's endpoint (ws://…/mailbox) that own-pace games are played
	// through, and MailDial opens it (default mailbox.Dial).
	Mailbox  string
	MailDial func(ctx context.Context, url string, open mailbox.Frame) (*mailbox.Conn, error)
	// Withhold, a debug aid, has this device keep its keys of the deal to itself, as a
	// modified device could: the others then show how they handle a device that holds the
	// game up (named, counted down, the game ended). The browser tests use it.
	Withhold bool
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
	if o.Timing == (online.Timing{}) {
		o.Timing = online.DefaultTiming
	}
	if o.MailDial == nil {
		o.MailDial = mailbox.Dial
	}
}

func newPlayerID() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newSecret returns 32 random bytes, hex-encoded.
func newSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// HostOnline prepares a new room for players (2–4): this device is the host. Connect opens
// the room; Room then gives its code.
func HostOnline(store Store, setup GameSetup, name, colour string, opts OnlineOptions) (*Online, error) {
	return newOnline(store, name, colour, opts, func(me online.LobbySeat) online.LobbyConfig {
		return online.LobbyConfig{Me: me, Host: true, Setup: setup, RoomSecret: newSecret()}
	})
}

// JoinOnline prepares to join a room by its code.
func JoinOnline(store Store, code, name, colour string, opts OnlineOptions) (*Online, error) {
	room, err := NormalizeRoomCode(code)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	o, err := newOnline(store, name, colour, opts, func(me online.LobbySeat) online.LobbyConfig {
		return online.LobbyConfig{Me: me}
	})
	if o != nil {
		o.room = room
	}
	return o, err
}

func newOnline(store Store, name, colour string, opts OnlineOptions, config func(online.LobbySeat) online.LobbyConfig) (*Online, error) {
	opts.defaults()
	name, colour, err := ValidateProfile(name, colour)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	if opts.Dial == nil {
		return nil, &Error{Msg: "Online play needs a connection to the signalling server."}
	}
	c := config(online.LobbySeat{Player: newPlayerID(), Name: name, Colour: colour})
	c.Timing, c.Random = opts.Timing, rand.Reader
	lobby, err := online.NewLobby(c)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	return &Online{bots: newBotDriver(opts.BotPause), store: store, opts: opts, core: lobby, timers: map[timerKey]timerSpan{}}, nil
}

// lobby is the lobby while the players gather (ok false once the game began).
func (o *Online) lobby() (lobbyCore, bool) {
	l, ok := o.core.(lobbyCore)
	return l, ok
}

// game is the game's replica once it began (ok false in the lobby).
func (o *Online) game() (*online.Replica, bool) {
	r, ok := o.core.(*online.Replica)
	return r, ok
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
	if o.pace != nil {
		go o.paceLoop(o.ctx)
		return
	}
	go o.connectLoop(o.ctx)
}

// Close leaves the room. The game stays saved and can be reopened.
func (o *Online) Close() {
	o.bots.closed = true
	if o.cancel != nil {
		o.cancel()
	}
	if o.pace != nil {
		o.closePace()
	}
	if o.mesh != nil {
		o.mesh.Close()
		o.mesh = nil
	}
	o.signal = SignalClosed
}

// request says how to enter the room now.
func (o *Online) request() RoomRequest {
	if r, ok := o.game(); ok {
		return RoomRequest{Kind: "reopen", Room: o.room, Size: r.Game().Config().Players, Key: o.roomKey()}
	}
	l, _ := o.lobby()
	switch {
	case l.IsHost() && o.room == "":
		return RoomRequest{Kind: "host", Size: l.Size(), Key: o.roomKey()}
	case l.IsHost():
		return RoomRequest{Kind: "reopen", Room: o.room, Size: l.Size(), Key: o.roomKey()}
	}
	return RoomRequest{Kind: "join", Room: o.room}
}

// connectLoop enters the room, pumps the mesh's events to the UI goroutine until the
// signalling connection is lost, and tries again with a growing pause.
func (o *Online) connectLoop(ctx context.Context) {
	pause := newBackoff(o.opts.Retry)
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
			if !pause.wait(ctx) {
				return
			}
			continue
		}
		pause.reset()
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
	_, playing := o.game()
	if re.Code == signal.CodeRoomFull && playing {
		return true
	}
	o.signal = SignalClosed
	why := "The room could not be entered: " + sentenceFragment(re.Msg)
	if l, ok := o.lobby(); ok {
		l.Fail(why)
	} else {
		why = "The room could not be reopened: " + sentenceFragment(re.Msg)
		o.notify(Notice{Text: why, Bad: true})
	}
	o.flush()
	o.changed()
	return false
}

// entered is called on the UI goroutine once the room is entered.
func (o *Online) entered(m *mesh.Mesh, w Welcome) {
	if o.ctx.Err() != nil {
		m.Close()
		return
	}
	o.mesh, o.room, o.namedHost, o.signal = m, w.Room, w.Host, SignalConnected
	o.step(online.Event{Kind: online.Entered, Peer: w.You})
	o.changed()
}

// meshEvent hands one event of the mesh to the core, on the UI goroutine.
func (o *Online) meshEvent(m *mesh.Mesh, ev mesh.Event) {
	if m != o.mesh {
		return // an old mesh's last events
	}
	e := online.Event{Peer: ev.Peer, Data: ev.Data}
	switch ev.Kind {
	case mesh.Open:
		e.Kind, e.Host = online.Opened, o.namedHost != nil && o.namedHost(ev.Peer)
	case mesh.Quiet:
		e.Kind = online.Quiet
	case mesh.Heard:
		e.Kind = online.Heard
	case mesh.Closed:
		e.Kind = online.Closed
	case mesh.Message:
		e.Kind = online.Message
	case mesh.Lost:
		o.mesh, o.signal, o.dirty = nil, SignalReconnecting, true
		e.Kind = online.Left
	default:
		return
	}
	o.step(e)
	if o.dirty {
		// Most messages change nothing on screen; the core marks what does, so the screen
		// re-renders only then.
		o.dirty = false
		o.changed()
	}
}

// step hands an event to the core and carries out what it says.
func (o *Online) step(e online.Event) {
	o.core.Step(e)
	o.flush()
}

// flush carries out what the core handed back: the game to store once it began (and then
// the game's replica takes over from the lobby), saving, messages, notices, timers, bots.
func (o *Online) flush() {
	if o.pace != nil {
		o.paceFlush()
		o.stepBots()
		return
	}
	for {
		rd := o.core.Ready()
		o.core.Advance()
		if rd.Begin != nil {
			o.begin(rd.Begin) // stored before anything is sent
		} else if rd.Save {
			o.save() // first: a device never sends what it could lose (a pass of the deal above all)
		}
		if o.mesh != nil {
			for _, m := range rd.Messages {
				if o.opts.Withhold && o.withheld(m.Data) {
					continue
				}
				_ = o.mesh.Send(m.To, m.Data)
			}
		}
		for _, n := range rd.Notices {
			o.notify(n)
		}
		for _, t := range rd.Timers {
			o.startTimer(t)
		}
		o.dirty = o.dirty || rd.Changed
		if rd.Begin == nil {
			break
		}
		if err := o.startGame(rd.Begin); err != nil {
			o.notify(Notice{Text: "The game cannot start: " + sentenceFragment(err.Error()), Bad: true})
			break
		}
	}
	o.stepBots()
}

// withheld reports whether a message carries this device's own keys of the deal, which the
// debug aid OnlineOptions.Withhold keeps back.
func (o *Online) withheld(data []byte) bool {
	var probe struct {
		Type  string `json:"t"`
		Deals []struct {
			Seat int `json:"seat"`
			Msg  struct {
				Keys  json.RawMessage `json:"keys"`
				Audit json.RawMessage `json:"audit"`
			} `json:"msg"`
		} `json:"deals"`
	}
	if json.Unmarshal(data, &probe) != nil || probe.Type != "deal" {
		return false
	}
	for _, d := range probe.Deals {
		if d.Seat == o.MySeat() && (d.Msg.Keys != nil || d.Msg.Audit != nil) {
			return true
		}
	}
	return false
}

// timerKey is a core's timer (each core numbers its own); timerSpan is when it started and
// when it fires.
type (
	timerKey struct {
		core online.Core
		gen  int
	}
	timerSpan struct{ start, until time.Time }
)

// startTimer runs a core's timer on the UI goroutine when it is due.
func (o *Online) startTimer(t online.Timer) {
	now := o.opts.Now()
	core := o.core
	o.timers[timerKey{core, t.Gen}] = timerSpan{now, now.Add(t.After)}
	if o.run == nil {
		return
	}
	time.AfterFunc(t.After, func() {
		o.run(func() {
			delete(o.timers, timerKey{core, t.Gen})
			if o.core != core {
				return
			}
			o.step(online.Event{Kind: online.Fired, Timer: t})
			if o.dirty && o.changed != nil {
				o.dirty = false
				o.changed()
			}
		})
	})
}

func (o *Online) notify(n Notice) {
	o.dirty = true
	o.notices = append(o.notices, n)
	if len(o.notices) > 20 {
		o.notices = o.notices[len(o.notices)-20:]
	}
}

// ---- what the UI reads ----

// Phase says where the game stands.
func (o *Online) Phase() OnlinePhase {
	l, ok := o.lobby()
	switch {
	case !ok:
		return PhasePlaying
	case l.Phase() == online.Drawing:
		return PhaseSeeding
	case l.Phase() == online.Failed:
		return PhaseFailed
	}
	return PhaseLobby
}

// Failure says why the phase is PhaseFailed.
func (o *Online) Failure() string {
	if l, ok := o.lobby(); ok {
		return l.Failure()
	}
	return ""
}

// Room is the room's code ("" until the server gave one).
func (o *Online) Room() string { return o.room }

// IsHost reports whether this device created the room.
func (o *Online) IsHost() bool {
	if l, ok := o.lobby(); ok {
		return l.IsHost()
	}
	return o.saved.Online.Host == o.saved.Online.Me
}

// Signal is the state of the signalling connection.
func (o *Online) Signal() SignalState { return o.signal }

// Me is this device's player id.
func (o *Online) Me() string {
	if l, ok := o.lobby(); ok {
		return l.Me().Player
	}
	return o.saved.Online.Me
}

// Notices returns what happened that the players should read, oldest first.
func (o *Online) Notices() []Notice { return o.notices }

// Seats lists the seats: the lobby's while players gather, the game's once it started.
func (o *Online) Seats() []SeatStatus {
	var out []SeatStatus
	if r, ok := o.game(); ok {
		meta := o.saved.Online
		for i, p := range meta.Players {
			out = append(out, SeatStatus{Seat: i, Player: p, Name: r.Game().State().Name(i), Colour: colourOf(o.saved.Colours, i), State: r.SeatState(i), Host: p == meta.Host, Bot: r.BotLevel(i)})
		}
		return out
	}
	l, _ := o.lobby()
	for i, s := range l.Seats() {
		out = append(out, SeatStatus{Seat: i, Player: s.Player, Name: s.Name, Colour: s.Colour, State: l.State(s.Player), Host: s.Player == l.HostPlayer()})
	}
	return out
}

func colourOf(colours []string, i int) string {
	if i < len(colours) {
		return colours[i]
	}
	return ""
}

// Size is the number of players the room is for.
func (o *Online) Size() int {
	if l, ok := o.lobby(); ok {
		return l.Size()
	}
	return len(o.saved.Online.Players)
}

// SetProfile changes this player's name and colour in the lobby.
func (o *Online) SetProfile(name, colour string) error {
	l, ok := o.lobby()
	if !ok {
		return &Error{Msg: "Names and colours are fixed once the game starts."}
	}
	err := l.SetProfile(name, colour)
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// CanStart reports whether the host may start: every seat taken and every player connected.
func (o *Online) CanStart() bool {
	l, ok := o.lobby()
	return ok && l.CanStart()
}

// Start is the host's: it fixes the seats and begins the seed draw.
func (o *Online) Start() error {
	l, ok := o.lobby()
	if !ok {
		return &Error{Msg: "The game has started."}
	}
	err := l.Start(newPlayerID())
	o.flush()
	if err != nil {
		return &Error{Msg: err.Error(), Err: err}
	}
	return nil
}

// sentenceFragment lowercases the first letter so an engine message reads inside a sentence.
func sentenceFragment(s string) string {
	s = strings.TrimSpace(s)
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
