package ui

import (
	"time"

	"brass/app"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// stallState is the peer strip's part for the devices a game waits for: whose, for what, and
// a countdown, to the moment that device is named as holding the game up, and then to the
// moment any player may end the game; then the End button, which asks once more. After an
// ending it shows the scores as they stood. (Part of peerStrip, not a component of its own:
// each go-app component costs the wasm its own set of methods.)
type stallState struct {
	now     time.Time // when the countdown was last drawn
	ticking bool
	confirm bool // End was pressed once: ask again
	err     string
}

// stallShownAfter is how long a wait lasts before the strip shows it.
const stallShownAfter = 3 * time.Second

// OnMount and OnUpdate start the countdown's tick when there is one to count.
func (p *peerStrip) OnMount(ctx goapp.Context)  { p.tick(ctx) }
func (p *peerStrip) OnUpdate(ctx goapp.Context) { p.tick(ctx) }

// tick redraws the countdown every second while there is one.
func (p *peerStrip) tick(ctx goapp.Context) {
	l := &p.stalls
	if l.ticking || p.ISession == nil {
		return
	}
	every := time.Second
	if len(p.ISession.Stalls()) == 0 {
		if _, timed := p.ISession.TurnDeadline(); !timed {
			return
		}
		every = 15 * time.Second // a turn's time left, shown in minutes
	}
	l.ticking = true
	ctx.After(every, func(ctx goapp.Context) {
		l.ticking = false
		if p.ISession != nil {
			l.now = p.ISession.Now()
		}
		p.tick(ctx)
	})
}

func (p *peerStrip) end(ctx goapp.Context, e goapp.Event) {
	l := &p.stalls
	if !l.confirm {
		l.confirm = true
		return
	}
	l.confirm = false
	if err := p.ISession.End(); err != nil {
		l.err = err.Error()
		return
	}
	l.err = ""
}

// renderStalls is the strip's list of the devices the game waits for (or the scores after an
// ending).
func (p *peerStrip) renderStalls(s app.OnlineSession) goapp.UI {
	l := &p.stalls
	if s.Ended() {
		return renderEndedScores(s)
	}
	if l.now.IsZero() || s.Now().Sub(l.now) > time.Second {
		l.now = s.Now()
	}
	var stalls []app.StallStatus
	for _, st := range s.Stalls() {
		// A wait shows once it has lasted a moment: the deal's passes and keys come one
		// after another, and each is waited for a fraction of a second.
		if st.Named || st.Since.IsZero() || l.now.Sub(st.Since) >= stallShownAfter {
			stalls = append(stalls, st)
		}
	}
	if len(stalls) == 0 {
		l.confirm = false
		return goapp.Span()
	}
	items := make([]goapp.UI, len(stalls))
	for i, st := range stalls {
		items[i] = goapp.Li().Class("peer-stall").DataSet("seat", st.Seat).DataSet("named", st.Named).DataSet("can-end", st.CanEnd).
			Text(stallText(st, countdown(st.Until, l.now)))
	}
	canEnd := s.CanEnd()
	label := lang.T("peers.end")
	if l.confirm {
		label = lang.T("peers.end_confirm")
	}
	return goapp.Div().ID("stalls").Class("peer-stalls").Role("status").Body(
		goapp.Ul().Body(items...),
		goapp.If(canEnd, func() goapp.UI {
			return goapp.Div().Class("peer-stall-end").Body(
				goapp.Button().ID("end-game").Class("gs-btn").Text(label).OnClick(p.end),
				goapp.If(l.confirm, func() goapp.UI {
					return goapp.Button().ID("end-game-cancel").Class("gs-btn").Text(lang.T("peers.end_wait")).
						OnClick(func(goapp.Context, goapp.Event) { l.confirm = false })
				}),
			)
		}),
		goapp.If(l.err != "", func() goapp.UI { return goapp.P().Class("start-error").Role("alert").Text(l.err) }),
	)
}

// countdown is the whole seconds left until a moment (0 once past; −1 for none).
func countdown(until, now time.Time) int {
	if until.IsZero() {
		return -1
	}
	left := until.Sub(now)
	if left < 0 {
		return 0
	}
	return int((left + time.Second - 1) / time.Second)
}

// stallText says what the game waits for from a device and what comes next.
func stallText(st app.StallStatus, left int) string {
	var key string
	switch {
	case st.CanEnd:
		return lang.T("peers.stall_held", lang.S("name", st.Name), lang.S("what", st.What))
	case st.Named && st.Away:
		key = "peers.stall_away_named"
	case st.Named:
		key = "peers.stall_holding"
	case st.Away:
		key = "peers.stall_away"
	default:
		key = "peers.stall_waiting"
	}
	if left < 0 {
		return lang.T(key, lang.S("name", st.Name), lang.S("what", st.What))
	}
	return lang.T(key+"_in", lang.S("name", st.Name), lang.S("what", st.What), lang.N("seconds", left))
}

// renderScores shows the scores as they stood when a player ended the game.
func renderEndedScores(s app.OnlineSession) goapp.UI {
	g := s.Game()
	if g == nil {
		return goapp.Span()
	}
	st := g.State()
	rows := []goapp.UI{}
	for _, p := range st.Standings() {
		rows = append(rows, goapp.Li().DataSet("player", p.Player).DataSet("rank", p.Rank).
			Text(lang.T("peers.standing", lang.N("rank", p.Rank), lang.S("name", st.Name(p.Player)), lang.N("vp", p.VP))))
	}
	return goapp.Div().ID("ended-scores").Class("peer-stalls").Body(
		goapp.P().Text(lang.T("peers.ended")),
		goapp.Ul().Class("ended-standings").Body(rows...),
	)
}
