package ui

import (
	"brass/app/tutorial"
	"brass/lang"

	goapp "github.com/maxence-charriere/go-app/v10/pkg/app"
)

// The start screen's way into the tutorial: "Tutorial" begins a new one; while one is
// unfinished (its game still saved), "Continue the tutorial" opens it at its step instead.

// onTutorial starts a new tutorial game and opens it.
func (s *startScreen) onTutorial(ctx goapp.Context, e goapp.Event) {
	s.clearMessages()
	if s.IStore == nil {
		return
	}
	h, err := tutorial.Start(s.IStore, tutorial.Birmingham)
	if err != nil {
		s.openErr = lang.T("start.tutorial_error", lang.S("error", err.Error()))
		return
	}
	s.open(ctx, h)
}

// renderTutorialButton is "Tutorial", or "Continue the tutorial" and a smaller "Start again".
func (s *startScreen) renderTutorialButton() goapp.UI {
	if s.tutorial == "" {
		return goapp.Button().ID("tutorial").Class("st-btn").Type("button").
			Disabled(s.IStore == nil).OnClick(s.onTutorial).DataSet("t", "start.tutorial").Text(lang.T("start.tutorial"))
	}
	id := s.tutorial
	return goapp.Span().Class("start-tutorial").Body(
		goapp.Button().ID("continue-tutorial").Class("st-btn", "st-btn-primary").Type("button").
			OnClick(func(ctx goapp.Context, e goapp.Event) { s.resume(ctx, id) }).Text(lang.T("start.tutorial_continue")),
		goapp.Button().ID("tutorial").Class("st-btn").Type("button").
			OnClick(s.onTutorial).Text(lang.T("start.tutorial_restart")),
	)
}
