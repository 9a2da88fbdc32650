package online

import (
	"slices"
	"time"
)

// Core is a protocol state machine with no network, clock, goroutine or storage inside: the
// Lobby before the game, the Replica during it. A shell (the browser's mesh, native tests'
// loopback peers, the simulator) feeds it what happened (Step, and the player's own calls),
// then carries out Ready (send, save, show, start timers) and calls Advance. The same events
// in the same order give the same Ready, so any schedule replays exactly.
type Core interface {
	// Step takes one event: the room, a peer's connection, a message, a timer.
	Step(Event)
	// Ready is what the shell must do now. It only reads: calling it twice gives the same.
	Ready() Ready
	// Advance tells the core the shell carried out Ready.
	Advance()
}

// Event is one thing that happened to this device's connections or timers.
type Event struct {
	Kind EventKind
	// Peer is the peer the event is about (Opened … Message), or this device's own peer id
	// in the room (Entered).
	Peer string
	// Host: with Opened, the signalling server named the peer the room's host (the member
	// that opened the room or proved its key). Only the lobby reads it.
	Host bool
	// Data is the message (Message).
	Data []byte
	// Timer is a timer the shell started from Ready.Timers and that is now due (Fired).
	Timer Timer
	// At is the mailbox's time (Unix ms) of a message read from a mailbox's log (Message,
	// Echo); 0 over the mesh.
	At int64
}

// EventKind tells events apart.
type EventKind int

// Events.
const (
	Entered EventKind = iota + 1 // this device entered the room as Peer; every earlier connection is gone
	Left                         // the connection to the room was lost: every peer is gone
	Opened                       // a channel to Peer is open
	Quiet                        // nothing heard from Peer for a while (a phone that put the page to sleep)
	Heard                        // Peer is heard again after being quiet
	Closed                       // the channel to Peer closed
	Message                      // Peer sent Data
	Fired                        // Timer is due
	// Echo: one of this device's own messages (Data) to every device, read back from a log
	// that orders every device's messages (a mailbox): an own-pace game's rule of time counts
	// there (standin.go).
	Echo
)

// Ready is what the shell must do after events, in this order: save (Save, or Begin), send the
// messages, show the notices, start the timers, redraw when Changed.
type Ready struct {
	Messages []Outgoing
	Save     bool
	Notices  []Notice
	Timers   []Timer
	Changed  bool
	// Begin (from the Lobby): the seed is drawn and every device built the same game. The
	// shell stores it, runs a Replica from it (Begin.Start) and drops the lobby.
	Begin *Begin
}

// Outgoing is a message to send to one peer.
type Outgoing struct {
	To   string
	Data []byte
}

// Notice is something the players should read.
type Notice struct {
	Text string
	Bad  bool
}

// Timer is a wait the shell runs and hands back through Step (Fired) when it is due.
type Timer struct {
	Kind  TimerKind
	Seat  int
	Gen   int
	After time.Duration
}

// TimerKind says what a timer is for.
type TimerKind int

// Timer kinds.
const (
	TimerFetch TimerKind = iota + 1 // ask for moves other devices said they hold
	TimerGrace                      // a returned player's seat bot did not hand back in time
	TimerStall                      // a device has not sent what the game waits for (Timing.Stall)
	TimerEnd                        // a named device still holds the game up (Timing.End): it may be ended
	TimerHello                      // a connection's hello has not come: say this device's own again
)

// Timing are the protocol's waits (the shell's clock runs them as timers).
type Timing struct {
	// Fetch is how long a device that heard of a move it lacks waits for the move itself
	// before asking for it: normally it is already on its way from the device that made it.
	Fetch time.Duration
	// Grace is how long a seat bot may go on after its player is back before the devices
	// stop taking its moves: its runner hands the seat back as soon as it hears the player.
	Grace time.Duration
	// Stall is how long a device may take to send what the game needs from it (a catch-up
	// it advertised, an answer to an undo request, the deal's passes and keys, its audit
	// keys, its part of the seed) before it is named as holding the game up.
	Stall time.Duration
	// End is how long after being named a device may go on holding the game up before the
	// other players may end the game (the scores as they stand, the reason in the record).
	End time.Duration
}

// helloAgain is how long a device waits for a new connection's hello before it sends its own
// again (a hello can be lost as a channel opens; if both are, neither side would ever hear
// the other), and helloTries how often it does.
const (
	helloAgain = 2 * time.Second
	helloTries = 5
)

// DefaultTiming is the timing of real games.
var DefaultTiming = Timing{Fetch: 500 * time.Millisecond, Grace: 5 * time.Second, Stall: 30 * time.Second, End: 60 * time.Second}

// outbox collects a core's Ready between Advances.
type outbox struct {
	ready Ready
	gen   int // timer generations, so that a stale timer does nothing
}

func (o *outbox) send(to string, data []byte) {
	o.ready.Messages = append(o.ready.Messages, Outgoing{To: to, Data: data})
}

func (o *outbox) notify(bad bool, text string) {
	o.ready.Notices = append(o.ready.Notices, Notice{Text: text, Bad: bad})
	o.ready.Changed = true
}

func (o *outbox) schedule(kind TimerKind, seat int, after time.Duration) int {
	o.gen++
	o.ready.Timers = append(o.ready.Timers, Timer{Kind: kind, Seat: seat, Gen: o.gen, After: after})
	return o.gen
}

// sortedKeys lists a map's keys in order: the same events must give the same effects, in
// the same order, whatever Go's map order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
