package app

import (
	"time"

	"brass/engine"
)

// Session is where the UI sends moves and reads the game from. The hotseat session (Hotseat)
// applies moves locally and saves them; the online session (Online) also exchanges them with
// the other devices. In either, a bot seat's moves are made inside the session (bots.go), the
// UI seeing them as it sees another device's (Live). The UI never cares which.
type Session interface {
	// ID names the saved game.
	ID() string
	// Game is the current game. Callers must not modify it.
	Game() *engine.Game
	// Colours are the players' CSS colours, by seat.
	Colours() []string
	// LocalSeat reports whether the player in seat p is played on this device
	// (every seat in hotseat).
	LocalSeat(p int) bool
	// Submit validates and applies a move, then stores the game. A refused move changes
	// nothing and returns the engine's error.
	Submit(m engine.Move) error
	// CanUndo and Undo take back the last move while the engine allows it.
	CanUndo() bool
	Undo() error
}

// Live is a session whose game also changes by itself: another device's move, a bot's
// move, a player connecting or leaving. The UI connects it once it is on screen.
type Live interface {
	Session
	// Connect starts the session's background work. run runs a function on the UI's
	// goroutine (go-app's ctx.Dispatch); changed is called there after anything the screen
	// shows has changed.
	Connect(run func(func()), changed func())
	// Close stops the background work; the game stays saved.
	Close()
}

// OnlineSession is what the screens need of an online game, from the lobby to the end: the
// room and its seats, the game's progress and what the network did, and the players'
// requests. The UI holds this, never the session's type; *Online implements it.
type OnlineSession interface {
	Live
	BotHost
	// The room and the lobby.
	Phase() OnlinePhase
	Failure() string
	Room() string
	IsHost() bool
	Signal() SignalState
	Seats() []SeatStatus
	Size() int
	CanStart() bool
	Start() error
	// Pace: the game is played at each player's own pace, over the server's mailbox;
	// Invitation is then its invitation code (formatted), and Awaited the players whose
	// devices the seed draw waits for once every seat is taken.
	Pace() bool
	Invitation() string
	Awaited() []string
	// WatchID is an own-pace game's mailbox id, which a watch link names ("" for a live game).
	WatchID() string
	// The game in play.
	MySeat() int
	Notices() []Notice
	Desync() string
	// Dealing and DealAudit: in a game whose cards the devices deal, what the deal waits
	// for and how its audit at the end went ("" for none); Dealt whether it is such a game.
	Dealing() string
	DealAudit() string
	Dealt() bool
	UndoPending() bool
	UndoAsked() string
	AnswerUndo(yes bool)
	LetBotPlay(seat int, level string) error
	// Stalls are the devices the game waits for, each with the moment it is named as holding
	// the game up or, once named, the moment the game may be ended (Now is the clock they
	// count down on); CanEnd, End and Ended end a game a device holds up, with the scores as
	// they stand.
	Stalls() []StallStatus
	Now() time.Time
	CanEnd() bool
	End() error
	Ended() bool
	// Resign ends the game for this device's player, the scores as they stand.
	Resign() error
	// An own-pace game's time per turn (0: none), when the turn under way runs out, and the
	// ending of the game once it has (by any other player).
	TurnLimit() time.Duration
	TurnDeadline() (time.Time, bool)
	CanEndForTime() bool
	EndForTime() error
	// Past that time, a bot of this device's may play the seat until its player plays again
	// (a game dealt from its seed).
	CanLetBotPlayForTime() bool
	LetBotPlayForTime(level string) error
}

var _ OnlineSession = (*Online)(nil)
