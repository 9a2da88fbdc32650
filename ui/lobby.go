package ui

import (
	"strings"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// lobby is the screen of an online game before it starts: the room code and a link to share,
// the seats with each player's connection, and the host's Start button. It shows the seed
// draw once the host starts, and why the game could not start if it fails.
type lobby struct {
	goapp.Compo

	ISession  app.OnlineSession
	IRevision int // bumped by the owner whenever the session changed
	IOnLeave  func(ctx goapp.Context)

	copied bool
	err    string
}

func newLobby() *lobby { return &lobby{} }

// Session sets the online game to show.
func (l *lobby) Session(s app.OnlineSession) *lobby { l.ISession = s; return l }

// Revision tells the lobby the session changed.
func (l *lobby) Revision(r int) *lobby { l.IRevision = r; return l }

// OnLeave is called when the player leaves the room.
func (l *lobby) OnLeave(fn func(ctx goapp.Context)) *lobby { l.IOnLeave = fn; return l }

// joinLink is the address that opens the app with the join dialog for a room.
func joinLink(room string) string {
	loc := goapp.Window().Get("location")
	origin := "http://localhost:8000"
	if loc.Truthy() {
		origin = loc.Get("origin").String()
	}
	return origin + "/#join=" + app.FormatRoomCode(room)
}

// watchLink is the address that opens an own-pace game to watch, read-only.
func watchLink(id string) string {
	return strings.Replace(joinLink(""), "#join=", "#watch="+id, 1)
}

// inviteLink is the address that opens the app with the join dialog for an own-pace game's
// invitation (the same #join= fragment: the code's length tells the two apart).
func inviteLink(code string) string {
	return strings.Replace(joinLink(""), "#join=", "#join="+code, 1)
}

func (l *lobby) copyLink(ctx goapp.Context, e goapp.Event) {
	link := joinLink(l.ISession.Room())
	if l.ISession.Pace() {
		link = inviteLink(l.ISession.Invitation())
	}
	if clip := goapp.Window().Get("navigator").Get("clipboard"); clip.Truthy() {
		clip.Call("writeText", link)
		l.copied = true
	}
}

func (l *lobby) start(ctx goapp.Context, e goapp.Event) {
	if err := l.ISession.Start(); err != nil {
		l.err = err.Error()
		return
	}
	l.err = ""
}

func (l *lobby) leave(ctx goapp.Context, e goapp.Event) {
	if l.IOnLeave != nil {
		l.IOnLeave(ctx)
	}
}

func (l *lobby) Render() goapp.UI {
	s := l.ISession
	if s == nil {
		return goapp.Div()
	}
	room := s.Room()
	status := lobbyStatus(s)
	seats := s.Seats()
	items := make([]goapp.UI, 0, len(seats))
	for _, st := range seats {
		label := st.Name
		if st.Host {
			label = lang.T("lobby.host_seat", lang.S("name", st.Name))
		}
		items = append(items, goapp.Li().Class("lobby-seat").DataSet("state", st.State.String()).Body(
			goapp.Span().Class("st-swatch").Style("background-color", st.Colour).Aria("hidden", true),
			goapp.Span().Class("lobby-name").Text(label),
			goapp.Span().Class("peer-state peer-"+st.State.String()).Text(seatLabel(s, st.State)),
		))
	}
	for i := len(seats); i < s.Size(); i++ {
		items = append(items, goapp.Li().Class("lobby-seat lobby-empty").Text(lang.T("lobby.empty_seat")))
	}
	return goapp.Div().ID("lobby").Class("lobby").DataSet("phase", int(s.Phase())).Body(
		goapp.H1().ID("lobby-title").Text(lobbyTitle(s)),
		goapp.If(s.Pace() && s.Invitation() != "", func() goapp.UI {
			code := s.Invitation()
			return goapp.Div().Class("lobby-room").Body(
				goapp.P().Class("lobby-code-label").Text(lang.T("lobby.invitation")),
				goapp.P().ID("invite-code").Class("lobby-code", "lobby-invite").Text(code),
				goapp.P().Class("lobby-link").Body(
					goapp.Span().Text(lang.T("lobby.share_link")),
					goapp.Code().ID("room-link").Text(inviteLink(code)),
					goapp.Button().ID("copy-link").Class("st-btn").Type("button").OnClick(l.copyLink).Text(copyLabel(l.copied)),
				),
				goapp.If(s.WatchID() != "", func() goapp.UI {
					return goapp.P().Class("lobby-link").Body(
						goapp.Span().Text(lang.T("lobby.watch_link")),
						goapp.Code().ID("watch-link").Text(watchLink(s.WatchID())),
					)
				}),
			)
		}),
		goapp.If(room != "", func() goapp.UI {
			return goapp.Div().Class("lobby-room").Body(
				goapp.P().Class("lobby-code-label").Text(lang.T("lobby.room_code")),
				goapp.P().ID("room-code").Class("lobby-code").Text(app.FormatRoomCode(room)),
				goapp.P().Class("lobby-link").Body(
					goapp.Span().Text(lang.T("lobby.share_link")),
					goapp.Code().ID("room-link").Text(joinLink(room)),
					goapp.Button().ID("copy-link").Class("st-btn").Type("button").OnClick(l.copyLink).Text(copyLabel(l.copied)),
				),
			)
		}),
		goapp.P().ID("lobby-status").Class("lobby-status").Role("status").Text(status),
		goapp.If(s.Pace() && s.TurnLimit() > 0, func() goapp.UI {
			return goapp.P().ID("lobby-limit").Class("lobby-status").Text(lang.T("lobby.turn_limit", lang.S("time", durationText(s.TurnLimit()))))
		}),
		goapp.Ul().ID("lobby-seats").Class("lobby-seats").Aria("label", lang.T("lobby.players")).Body(items...),
		goapp.Div().ID("lobby-error").Class("start-error").Role("alert").Text(l.err),
		newOnlineNotices().Notices(s.Notices()),
		goapp.Div().Class("lobby-actions").Body(
			goapp.If(s.IsHost() && s.Phase() == app.PhaseLobby, func() goapp.UI {
				return goapp.Button().ID("lobby-start").Class("st-btn", "st-btn-primary").Type("button").
					Disabled(!s.CanStart()).OnClick(l.start).Text(lang.T("lobby.start"))
			}),
			goapp.Button().ID("lobby-leave").Class("st-btn").Type("button").OnClick(l.leave).Text(lang.T("lobby.leave")),
		),
	)
}

// lobbyStatus says what the lobby waits for. A guest knows the room's size only from the
// host's list of seats, which comes over the connection to the host: until then it is
// connecting, not waiting for the start.
func lobbyStatus(s app.OnlineSession) string {
	switch {
	case s.Phase() == app.PhaseFailed:
		return s.Failure()
	case s.Pace():
		return paceStatus(s)
	case s.Phase() == app.PhaseSeeding:
		return lang.T("lobby.seeding")
	case s.Room() == "":
		return lang.T("lobby.opening_room")
	case s.IsHost() && s.CanStart():
		return lang.T("lobby.everyone_here")
	case s.IsHost():
		return lang.T("lobby.waiting_players", lang.N("taken", len(s.Seats())), lang.N("size", s.Size()))
	case s.Size() == 0:
		return lang.T("lobby.connecting_host")
	}
	return lang.T("lobby.waiting_host")
}

func copyLabel(copied bool) string {
	if copied {
		return lang.T("lobby.copied")
	}
	return lang.T("lobby.copy_link")
}

func peerStateLabel(s app.PeerState) string {
	switch s {
	case app.PeerYou:
		return lang.T("lobby.state_you")
	case app.PeerConnected:
		return lang.T("lobby.state_connected")
	case app.PeerConnecting:
		return lang.T("lobby.state_connecting")
	}
	return lang.T("lobby.state_away")
}

func lobbyTitle(s app.OnlineSession) string {
	if s.Pace() {
		return lang.T("lobby.title_own_pace")
	}
	return lang.T("lobby.title")
}

// paceStatus says what an own-pace game's lobby waits for. Nobody needs to stay: the
// mailbox keeps the lobby, and the game starts by itself.
func paceStatus(s app.OnlineSession) string {
	switch {
	case s.Size() == 0:
		return lang.T("lobby.opening_mailbox")
	case s.Phase() == app.PhaseSeeding:
		waiting := s.Awaited()
		if len(waiting) == 0 {
			return lang.T("lobby.secrets_in")
		}
		return lang.T("lobby.awaiting_seed", lang.S("names", lang.Current().JoinAnd(waiting)), lang.N("n", len(waiting)))
	}
	return lang.T("lobby.waiting_invited", lang.N("taken", len(s.Seats())), lang.N("size", s.Size()))
}

// seatLabel is how a seat shows in the lobby: its connection in a live game; in an own-pace
// game, only who is you (the others need not be here).
func seatLabel(s app.OnlineSession, st app.PeerState) string {
	if s.Pace() && st != app.PeerYou {
		return lang.T("lobby.state_joined")
	}
	return peerStateLabel(st)
}
