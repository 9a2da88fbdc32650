package ui

import (
	"strconv"
	"time"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// peerStrip is always on the game screen of an online game: every player's connection
// (connected, away), the room, the signalling connection when it is down, a device that
// holds another game (or proof of cheating), the devices the game waits for (stallState), an
// undo request to answer or waiting for answers, and the latest notices.
type peerStrip struct {
	goapp.Compo

	ISession  app.OnlineSession
	IRevision int

	stalls stallState
	// An own-pace game's notifications: being turned on or off, and how it went.
	pushBusy bool
	pushMsg  string
	pushBad  bool
	// resigning: the player asked to resign and is asked once more.
	resigning bool
	resignErr string
}

func newPeerStrip() *peerStrip { return &peerStrip{} }

// Session sets the online game.
func (p *peerStrip) Session(s app.OnlineSession) *peerStrip { p.ISession = s; return p }

// Revision tells the strip the session changed.
func (p *peerStrip) Revision(r int) *peerStrip { p.IRevision = r; return p }

func (p *peerStrip) Render() goapp.UI {
	s := p.ISession
	if s == nil {
		return goapp.Div()
	}
	seats := s.Seats()
	chips := make([]goapp.UI, len(seats))
	for i, st := range seats {
		chips[i] = goapp.Li().Class("peer-chip peer-"+st.State.String()).DataSet("seat", st.Seat).DataSet("state", st.State.String()).DataSet("bot", st.Bot).Body(
			goapp.Span().Class("st-swatch").Style("background-color", st.Colour).Aria("hidden", true),
			goapp.Span().Class("peer-name").Text(st.Name),
			goapp.Span().Class("peer-state").Text(chipLabel(s, st.State)),
			p.renderSeatBot(st),
		)
	}
	var conn string
	switch s.Signal() {
	case app.SignalConnecting:
		conn = lang.T("peers.connecting")
		if s.Pace() {
			conn = lang.T("peers.reading_mailbox")
		}
	case app.SignalReconnecting:
		conn = lang.T("peers.reconnecting")
	case app.SignalClosed:
		conn = lang.T("peers.not_connected")
	}
	room := lang.T("peers.room", lang.S("code", app.FormatRoomCode(s.Room())))
	if s.Pace() {
		room = lang.T("peers.own_pace")
	}
	asked := s.UndoAsked()
	return goapp.Section().ID("peer-strip").Class("peer-strip").Aria("label", lang.T("peers.label")).Body(
		goapp.Ul().Class("peer-chips").Body(chips...),
		goapp.Span().Class("peer-room").Text(room),
		goapp.If(s.Pace(), p.renderPush),
		p.renderTurnTime(s),
		goapp.If(s.Game() != nil && !s.Game().Over() && !s.Ended() && s.Desync() == "", p.renderResign),
		goapp.If(conn != "", func() goapp.UI {
			return goapp.P().ID("peer-connection").Class("peer-connection").Role("status").Text(conn)
		}),
		goapp.If(s.Dealing() != "", func() goapp.UI {
			return goapp.P().ID("dealing").Class("peer-connection").Role("status").Text(s.Dealing())
		}),
		goapp.If(s.DealAudit() != "", func() goapp.UI {
			return goapp.P().ID("deal-audit").Class("peer-connection").Role("status").Text(s.DealAudit())
		}),
		goapp.If(s.Desync() != "", func() goapp.UI {
			return goapp.P().ID("desync").Class("peer-desync").Role("alert").Text(s.Desync())
		}),
		p.renderStalls(s),
		goapp.If(asked != "", func() goapp.UI {
			return goapp.Div().ID("undo-asked").Class("peer-undo").Role("alertdialog").Aria("label", lang.T("peers.undo_label")).Body(
				goapp.Span().Text(lang.T("peers.undo_asked", lang.S("name", asked))),
				goapp.Button().ID("undo-allow").Class("gs-btn").Text(lang.T("peers.undo_allow")).OnClick(func(ctx goapp.Context, e goapp.Event) { s.AnswerUndo(true) }),
				goapp.Button().ID("undo-refuse").Class("gs-btn").Text(lang.T("peers.undo_refuse")).OnClick(func(ctx goapp.Context, e goapp.Event) { s.AnswerUndo(false) }),
			)
		}),
		goapp.If(s.UndoPending(), func() goapp.UI {
			return goapp.P().ID("undo-pending").Class("peer-undo").Role("status").Text(lang.T("peers.undo_pending"))
		}),
		newOnlineNotices().Notices(s.Notices()),
	)
}

// renderSeatBot offers to let a bot play an away player's seat, or says that one does.
func (p *peerStrip) renderSeatBot(st app.SeatStatus) goapp.UI {
	s := p.ISession
	switch {
	case st.Bot != "":
		return goapp.Span().Class("peer-bot").Text(lang.T("peers.bot_playing", lang.S("level", botLevelWords(st.Bot))))
	case st.State != app.PeerAway || s.Game() == nil || s.Game().Over() || s.Dealt() || s.Pace():
		return nil // (in a game whose cards the devices deal, no bot can play another's cards)
	}
	seat := st.Seat
	opts := []goapp.UI{goapp.Option().Value("").Selected(true).Text(lang.T("peers.let_bot"))}
	for _, l := range app.BotLevels {
		opts = append(opts, goapp.Option().Value(l).Text(lang.T("ng.bot", lang.S("level", botLevelWords(l)))))
	}
	return goapp.Select().ID("seat-bot-"+strconv.Itoa(seat)).Class("peer-bot-pick").
		Aria("label", lang.T("peers.let_bot_away", lang.S("name", st.Name))).Body(opts...).
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			if level := ctx.JSSrc().Get("value").String(); level != "" {
				_ = s.LetBotPlay(seat, level) // a refusal is in the session's notices
			}
		}, goapp.EventScope(seat))
}

// chipLabel is how a seat's chip shows its player: their connection in a live game; in an
// own-pace game only who is you (nobody needs to be here).
func chipLabel(s app.OnlineSession, st app.PeerState) string {
	if s.Pace() {
		if st == app.PeerYou {
			return lang.T("lobby.state_you")
		}
		return ""
	}
	return peerStateLabel(st)
}

// renderPush offers an own-pace game's player to be told of their turns with the page closed
// (Web Push), or to stop.
func (p *peerStrip) renderPush() goapp.UI {
	on := pushOn()
	label := lang.T("peers.push_on")
	if on {
		label = lang.T("peers.push_off")
	}
	return goapp.Span().Class("peer-push").Body(
		goapp.Button().ID("push-toggle").Class("gs-btn").Disabled(p.pushBusy).Text(label).OnClick(p.togglePush),
		goapp.If(p.pushMsg != "", func() goapp.UI {
			return goapp.Span().ID("push-status").Class("peer-push-status").DataSet("bad", p.pushBad).Role("status").Text(p.pushMsg)
		}),
	)
}

func (p *peerStrip) togglePush(ctx goapp.Context, e goapp.Event) {
	want := !pushOn()
	store := app.NewBrowserStore(ctx.LocalStorage())
	p.pushBusy, p.pushMsg = true, "…"
	ctx.Async(func() {
		msg, err := setPush(store, want)
		ctx.Dispatch(func(ctx goapp.Context) {
			p.pushBusy = false
			if err != nil {
				p.pushMsg, p.pushBad = err.Error(), true
				return
			}
			p.pushMsg, p.pushBad = msg, false
			if ls := goapp.Window().Get("localStorage"); ls.Truthy() && want {
				ls.Call("setItem", pushOnKey, "on")
			} else if ls.Truthy() {
				ls.Call("removeItem", pushOnKey)
			}
		})
	})
}

// renderResign lets this device's player resign, asking once more: the game then ends for
// every player with the scores as they stand.
func (p *peerStrip) renderResign() goapp.UI {
	if !p.resigning {
		return goapp.Span().Body(
			goapp.Button().ID("resign").Class("gs-btn").Text(lang.T("peers.resign")).
				OnClick(func(ctx goapp.Context, e goapp.Event) { p.resigning, p.resignErr = true, "" }),
			goapp.If(p.resignErr != "", func() goapp.UI {
				return goapp.Span().Class("peer-push-status").DataSet("bad", true).Role("alert").Text(" " + p.resignErr)
			}),
		)
	}
	return goapp.Span().ID("resign-confirm").Class("peer-undo").Role("alertdialog").Aria("label", lang.T("peers.resign")).Body(
		goapp.Span().Text(lang.T("peers.resign_question")),
		goapp.Button().ID("resign-yes").Class("gs-btn").Text(lang.T("peers.resign")).OnClick(func(ctx goapp.Context, e goapp.Event) {
			p.resigning = false
			if err := p.ISession.Resign(); err != nil {
				p.resignErr = err.Error()
			}
		}),
		goapp.Button().ID("resign-no").Class("gs-btn").Text(lang.T("peers.keep_playing")).OnClick(func(ctx goapp.Context, e goapp.Event) { p.resigning = false }),
	)
}

// renderTurnTime shows, in an own-pace game with a time per turn, how long the turn under
// way has left; once it has run out, the other players may end the game.
func (p *peerStrip) renderTurnTime(s app.OnlineSession) goapp.UI {
	deadline, timed := s.TurnDeadline()
	if !timed {
		return nil
	}
	g := s.Game()
	actor := g.State().Actor()
	name := lang.S("name", g.State().Name(actor))
	left := deadline.Sub(s.Now())
	limit := lang.S("limit", durationText(s.TurnLimit()))
	key := "peers.time_left"
	if left <= 0 {
		key = "peers.time_out"
	}
	if actor == s.MySeat() {
		key += "_yours"
	}
	text := lang.T(key, name, limit, lang.S("left", durationText(left)), lang.S("until", weekdayTime(deadline.Local())))
	return goapp.Div().ID("turn-time").Class("peer-connection").DataSet("late", left <= 0).Role("status").Body(
		goapp.Span().Text(text),
		goapp.If(s.CanLetBotPlayForTime(), func() goapp.UI { return p.renderStandIn(s, g.State().Name(actor)) }),
		goapp.If(s.CanEndForTime(), func() goapp.UI {
			return goapp.Button().ID("end-for-time").Class("gs-btn").Text(lang.T("peers.end_for_time")).
				OnClick(func(ctx goapp.Context, e goapp.Event) {
					if err := s.EndForTime(); err != nil {
						p.resignErr = err.Error()
					}
				})
		}),
	)
}

// renderStandIn offers, once the player to move has run out of time, to let a bot of this
// device's play their seat until they play again.
func (p *peerStrip) renderStandIn(s app.OnlineSession, name string) goapp.UI {
	opts := []goapp.UI{goapp.Option().Value("").Selected(true).Text(lang.T("peers.stand_in", lang.S("name", name)))}
	for _, l := range app.BotLevels {
		opts = append(opts, goapp.Option().Value(l).Text(lang.T("ng.bot", lang.S("level", botLevelWords(l)))))
	}
	return goapp.Select().ID("stand-in").Class("peer-bot-pick").
		Aria("label", lang.T("peers.stand_in_label", lang.S("name", name))).Body(opts...).
		OnChange(func(ctx goapp.Context, e goapp.Event) {
			if level := ctx.JSSrc().Get("value").String(); level != "" {
				if err := s.LetBotPlayForTime(level); err != nil {
					p.resignErr = err.Error()
				}
			}
		})
}

// durationText is a time left or past, to the minute: "2 days 3 h", "5 h 12 min", "8 min".
func durationText(d time.Duration) string {
	if d < 0 {
		d = -d
	}
	mins := int(d / time.Minute)
	days, hours, m := mins/(24*60), mins/60%24, mins%60
	switch {
	case days > 0 && hours > 0:
		return lang.T("peers.days_hours", lang.N("days", days), lang.N("hours", hours))
	case days > 0:
		return lang.T("peers.days", lang.N("days", days))
	case hours > 0 && m == 0:
		return lang.T("peers.hours", lang.N("hours", hours))
	case hours > 0:
		return lang.T("peers.hours_minutes", lang.N("hours", hours), lang.N("minutes", m))
	}
	return lang.T("peers.minutes", lang.N("minutes", m))
}

// weekdayTime is a moment within the week to come, its day's short name and the time:
// "Mon 15:04".
func weekdayTime(t time.Time) string {
	return lang.T("peers.weekday_time", lang.S("day", lang.T("peers.weekday."+strconv.Itoa(int(t.Weekday())))), lang.S("time", t.Format("15:04")))
}
