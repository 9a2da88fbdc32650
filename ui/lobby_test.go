package ui

import (
	"testing"

	"brass/app"
)

// lobbySession is an online session in the lobby, as the lobby's status reads it; the
// embedded interface is nil, so anything else it is asked panics.
type lobbySession struct {
	app.OnlineSession
	phase app.OnlinePhase
	room  string
	host  bool
	seats []app.SeatStatus
	size  int
	pace  bool
	await []string
}

func (s lobbySession) Phase() app.OnlinePhase  { return s.phase }
func (s lobbySession) Failure() string         { return "The room could not be entered." }
func (s lobbySession) Room() string            { return s.room }
func (s lobbySession) IsHost() bool            { return s.host }
func (s lobbySession) Seats() []app.SeatStatus { return s.seats }
func (s lobbySession) Size() int               { return s.size }
func (s lobbySession) CanStart() bool          { return s.host && len(s.seats) == s.size }
func (s lobbySession) Pace() bool              { return s.pace }
func (s lobbySession) Awaited() []string       { return s.await }

func TestLobbyStatus(t *testing.T) {
	two := []app.SeatStatus{{Name: "Ada", Host: true}, {Name: "Bo"}}
	cases := []struct {
		name string
		s    lobbySession
		want string
	}{
		{"room not given yet", lobbySession{phase: app.PhaseLobby, host: true, size: 3}, "Opening a room…"},
		{"host waiting", lobbySession{phase: app.PhaseLobby, room: "ABCDEF", host: true, seats: two, size: 3},
			"Waiting for players: share the code or the link. 2 of 3 seats taken."},
		{"host full", lobbySession{phase: app.PhaseLobby, room: "ABCDEF", host: true, seats: two, size: 2},
			"Everyone is here. Start when you are ready."},
		{"guest before the host's list", lobbySession{phase: app.PhaseLobby, room: "ABCDEF"}, "Connecting to the host…"},
		{"guest seated", lobbySession{phase: app.PhaseLobby, room: "ABCDEF", seats: two, size: 3}, "Waiting for the host to start the game."},
		{"drawing the seed", lobbySession{phase: app.PhaseSeeding, room: "ABCDEF", seats: two, size: 2},
			"Drawing the seed together: every device commits to a secret, then all reveal them…"},
		{"failed", lobbySession{phase: app.PhaseFailed, room: "ABCDEF"}, "The room could not be entered."},
		{"own pace, opening", lobbySession{phase: app.PhaseLobby, pace: true, host: true}, "Opening the game's mailbox…"},
		{"own pace, gathering", lobbySession{phase: app.PhaseLobby, pace: true, seats: two, size: 3},
			"Waiting for players: share the invitation. 2 of 3 seats taken. You can close this page: the server keeps the game, and it starts by itself once every seat is taken."},
		{"own pace, drawing", lobbySession{phase: app.PhaseSeeding, pace: true, seats: two, size: 2, await: []string{"Ada", "Bo"}},
			"Every seat is taken. The game starts once every device has drawn its part of the seed: waiting for Ada and Bo to open the game."},
		{"own pace, failed", lobbySession{phase: app.PhaseFailed, pace: true}, "The room could not be entered."},
	}
	for _, c := range cases {
		if got := lobbyStatus(c.s); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}
