package tutorial

import (
	"errors"

	"brass/app"
)

// progressKey holds the tutorial in progress (one at a time): its game and how far the
// player has read. The game itself is an ordinary saved game.
const progressKey = "brass/tutorial"

// Progress is the tutorial kept in storage.
type Progress struct {
	ID   string `json:"id"`   // the saved game it is played in
	Read int    `json:"read"` // the steps to read before this one have been read (see Script.At)
	Done bool   `json:"done"` // finished: the game goes on as an ordinary one
}

// Load reads the tutorial in progress; false when there is none (or it is damaged).
func Load(store app.Store) (Progress, bool) {
	var p Progress
	ok, err := store.Get(progressKey, &p)
	if !ok || err != nil || p.ID == "" {
		return Progress{}, false
	}
	return p, true
}

// Save keeps the tutorial's progress.
func Save(store app.Store, p Progress) error { return store.Set(progressKey, p) }

// For is the progress of the tutorial played in game id, if that game is the tutorial's.
func For(store app.Store, id string) (Progress, bool) {
	p, ok := Load(store)
	if !ok || p.ID != id || id == "" {
		return Progress{}, false
	}
	return p, true
}

// Resumable is the id of the tutorial game the start screen can continue: one not finished
// whose game is still saved; "" when there is none.
func Resumable(store app.Store) string {
	p, ok := Load(store)
	if !ok || p.Done {
		return ""
	}
	games, err := app.ListGames(store)
	if err != nil {
		return ""
	}
	for _, g := range games {
		if g.ID == p.ID && g.Error == "" && !g.Over {
			return p.ID
		}
	}
	return ""
}

// Start sets up a new tutorial game of the script, saved like any game, and makes it the
// tutorial in progress (a tutorial begun before stays a saved game).
func Start(store app.Store, s *Script, opts ...app.Option) (*app.Hotseat, error) {
	h, err := app.NewHotseat(store, s.Config, s.Colours, append([]app.Option{app.WithBots(s.Bots)}, opts...)...)
	if err != nil {
		return nil, err
	}
	if err := Save(store, Progress{ID: h.ID()}); err != nil {
		return nil, errors.Join(errors.New("the tutorial could not be saved"), err)
	}
	return h, nil
}
