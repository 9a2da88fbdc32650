package ui

// Dialogs between turns (round summary, era summary, final scores, the hotseat cover) share
// a frame: modal (role=dialog, aria-modal), focusing their main button when they open,
// keeping Tab inside and closing with Escape. This file holds that frame and the reading
// of the engine's per-round snapshots.
//
// The summaries read the game once, in their Game setter, and keep only small values: the
// engine has no structured record of the turn order, income or era scores, so these are
// read back from the log entries the engine wrote (LogOrder, LogIncome, LogScore) and from
// the per-round snapshots.

import (
	"brass/engine"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// ---------------------------------------------------------------------------------------
// The dialog frame.

// sumFrame is what every summary dialog shares: an id, a close callback and key handling.
type sumFrame struct {
	id      string
	onClose func(ctx goapp.Context)
}

func (f sumFrame) close(ctx goapp.Context) {
	if f.onClose != nil {
		f.onClose(ctx)
	}
}

// focusFirst puts the focus on the dialog's main button once it is on the page.
func (f sumFrame) focusFirst(ctx goapp.Context) {
	ctx.Defer(func(ctx goapp.Context) {
		if el := goapp.Window().GetElementByID(f.id + "-ok"); el.Truthy() {
			el.Call("focus")
		}
	})
}

// onKey closes on Escape and keeps Tab between the dialog's first and last buttons.
func (f sumFrame) onKey(ctx goapp.Context, e goapp.Event) {
	switch e.Get("key").String() {
	case "Escape":
		e.PreventDefault()
		f.close(ctx)
	case "Tab":
		target := e.Get("target").Get("id").String()
		first, last := f.id+"-close", f.id+"-ok"
		back := e.Get("shiftKey").Bool()
		switch {
		case back && target == first:
			e.PreventDefault()
			goapp.Window().GetElementByID(last).Call("focus")
		case !back && target == last:
			e.PreventDefault()
			goapp.Window().GetElementByID(first).Call("focus")
		}
	}
}

// render wraps a dialog's body in the backdrop, header and footer.
func (f sumFrame) render(title, subtitle, class, okText string, body ...goapp.UI) goapp.UI {
	head := []goapp.UI{goapp.H2().ID(f.id + "-title").Class("sum-title").Text(title)}
	if subtitle != "" {
		head = append(head, goapp.P().Class("sum-sub").Text(subtitle))
	}
	return goapp.Div().Class("sum-backdrop").Body(
		goapp.Div().ID(f.id).Class("sum-dialog", class).Role("dialog").
			Aria("modal", "true").Aria("labelledby", f.id+"-title").
			OnKeyDown(f.onKey).Body(
			goapp.Header().Class("sum-head").Body(
				goapp.Div().Class("sum-heading").Body(head...),
				goapp.Button().Type("button").ID(f.id+"-close").Class("sum-x").
					Aria("label", "Close").Title("Close (Esc)").Text("×").
					OnClick(func(ctx goapp.Context, e goapp.Event) { f.close(ctx) }),
			),
			goapp.Div().Class("sum-body").Body(body...),
			goapp.Footer().Class("sum-foot").Body(
				goapp.Button().Type("button").ID(f.id+"-ok").Class("sum-ok").Text(okText).
					OnClick(func(ctx goapp.Context, e goapp.Event) { f.close(ctx) }),
			),
		),
	)
}

// sumSwatch is a player's colour token before their name.
func sumSwatch(colour string) goapp.UI {
	return goapp.Span().Class("sum-sw").Style("--sum-color", colour).Aria("hidden", "true")
}

// sumPlayerCell is a table cell with a player's colour and name.
func sumPlayerCell(colour, name string) goapp.UI {
	return goapp.Th().Scope("row").Class("sum-player").Body(sumSwatch(colour), goapp.Span().Text(name))
}

// ---------------------------------------------------------------------------------------
// Reading the engine's per-round snapshots.

// engineNames are the players' names as the engine knows them.
func engineNames(st *engine.State) []string {
	out := make([]string, st.NumPlayers)
	for p := range out {
		out[p] = st.Name(p)
	}
	return out
}

// snapshotAt finds the snapshot taken after a round, and the one before it.
func snapshotAt(snaps []engine.Snapshot, era engine.Era, round int) (after, before *engine.Snapshot) {
	for i := len(snaps) - 1; i >= 0; i-- {
		if snaps[i].Era == era && snaps[i].Round == round {
			after = &snaps[i]
			if i > 0 {
				before = &snaps[i-1]
			}
			return after, before
		}
	}
	return nil, nil
}

func snapValue(v []int, p int) int {
	if p >= 0 && p < len(v) {
		return v[p]
	}
	return 0
}
