package app

import (
	"errors"
	"time"

	"brass/engine"
)

// Hotseat is a game played on this device: its people take turns on the one screen, and
// its bot seats (if any) are played by the computer. It saves the game after every move and
// every undo.
type Hotseat struct {
	store  Store
	now    func() time.Time
	saved  savedGame // id, times, colours and bot seats; its record is the last one saved
	game   *engine.Game
	driver botDriver
}

var (
	_ Live    = (*Hotseat)(nil)
	_ BotHost = (*Hotseat)(nil)
)

// NewHotseat sets up a new game from cfg (an empty edition means Birmingham; no names
// means "Player 1"…) with one palette colour per player, gives it a new id and saves it.
// Names and colours are checked (ValidateNames, ValidateColours); names are stored trimmed.
func NewHotseat(store Store, cfg engine.Config, colours []string, opts ...Option) (*Hotseat, error) {
	o := makeOptions(opts)
	if cfg.Edition == "" {
		cfg.Edition = "birmingham"
	}
	names, err := ValidateNames(cfg.Names, cfg.Players)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	cols, err := ValidateColours(colours, cfg.Players)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	bots, err := validBotLevels(o.bots, cfg.Players)
	if err != nil {
		return nil, &Error{Msg: err.Error(), Err: err}
	}
	cfg.Names = names
	g, err := engine.NewGame(cfg)
	if err != nil {
		return nil, &Error{Msg: "The game cannot be set up: " + sentence(err.Error()), Err: err}
	}
	id, err := newID(store)
	if err != nil {
		return nil, err
	}
	now := o.now().UnixMilli()
	h := &Hotseat{
		store:  store,
		now:    o.now,
		saved:  savedGame{ID: id, Created: now, Updated: now, Colours: cols, Bots: bots},
		game:   g,
		driver: newBotDriver(o.botPause),
	}
	if err := h.save(now); err != nil {
		return nil, err
	}
	return h, nil
}

// OpenHotseat loads a saved game by replaying its record. A record that does not replay
// is an error naming the move and the reason (an *Error wrapping the *engine.ReplayError);
// nothing stored is changed.
func OpenHotseat(store Store, id string, opts ...Option) (*Hotseat, error) {
	o := makeOptions(opts)
	sg, err := loadGame(store, id)
	if err != nil {
		return nil, err
	}
	g, err := replayStored(sg.Record)
	if err != nil {
		return nil, &Error{Msg: "This saved game cannot be opened. " + err.Error(), Err: errors.Unwrap(err)}
	}
	n := g.Config().Players
	if cols, err := ValidateColours(sg.Colours, n); err == nil {
		sg.Colours = cols
	} else {
		sg.Colours = DefaultColours(n)
	}
	if bots, err := validBotLevels(sg.Bots, n); err == nil {
		sg.Bots = bots
	} else {
		sg.Bots = nil // damaged: every seat is played by a person
	}
	return &Hotseat{store: store, now: o.now, saved: sg, game: g, driver: newBotDriver(o.botPause)}, nil
}

// ID implements Session.
func (h *Hotseat) ID() string { return h.saved.ID }

// Game implements Session.
func (h *Hotseat) Game() *engine.Game { return h.game }

// Colours implements Session. The slice is a copy.
func (h *Hotseat) Colours() []string { return append([]string(nil), h.saved.Colours...) }

// LocalSeat implements Session: the seats played by people on this device (all but the bots).
func (h *Hotseat) LocalSeat(p int) bool {
	return p >= 0 && p < h.game.Config().Players && h.BotLevel(p) == ""
}

// BotLevel implements BotHost: the level of the bot playing seat p, or "" for a person.
func (h *Hotseat) BotLevel(p int) string {
	if p >= 0 && p < len(h.saved.Bots) {
		return h.saved.Bots[p]
	}
	return ""
}

// SetBrain implements BotHost.
func (h *Hotseat) SetBrain(b Brain) { h.driver.brain = b }

// Connect implements Live: the bots start playing their seats.
func (h *Hotseat) Connect(run func(func()), changed func()) {
	h.driver.run, h.driver.changed, h.driver.closed = run, changed, false
	h.step()
}

// Close implements Live: the bots stop; a bot move thought out meanwhile is dropped.
func (h *Hotseat) Close() { h.driver.closed = true }

// PauseBots implements BotPauser: paused, no bot thinks or plays; going on, the bot to act
// (if any) starts thinking.
func (h *Hotseat) PauseBots(paused bool) {
	h.driver.paused = paused
	if !paused {
		h.step()
	}
}

// step lets a bot play if one is to act.
func (h *Hotseat) step() { h.driver.step(h.Game, h.BotLevel, h.Submit) }

// BotProblem implements BotHost.
func (h *Hotseat) BotProblem() string { return h.driver.problem }

// Hint asks the Hard bot what the person to act should do; done gets the move and a reason.
func (h *Hotseat) Hint(done func(BotReply)) {
	h.driver.hint(h.game, h.game.State().Actor(), done)
}

// Created and Updated are when the game was set up and last saved.
func (h *Hotseat) Created() time.Time { return time.UnixMilli(h.saved.Created) }

// Updated is when the game was last saved.
func (h *Hotseat) Updated() time.Time { return time.UnixMilli(h.saved.Updated) }

// Summary describes the game as the saved-games list does.
func (h *Hotseat) Summary() GameSummary { return summarize(h.saved, h.game) }

// Submit implements Session: it applies the move, then saves the game. A refused move
// changes nothing and returns the engine's error. If the game cannot be saved the move is
// taken back too, and the storage error is returned: an error always means "not played".
func (h *Hotseat) Submit(m engine.Move) error {
	if err := h.game.Apply(m); err != nil {
		return err
	}
	if err := h.save(h.now().UnixMilli()); err != nil {
		rec := h.game.Record()
		rec.Moves = rec.Moves[:len(rec.Moves)-1]
		if prev, rerr := engine.Replay(rec); rerr == nil {
			h.game = prev
		}
		return &Error{Msg: "The move was not played because the game could not be saved. " + sentence(err.Error()), Err: err}
	}
	h.step()
	return nil
}

// CanUndo implements Session.
func (h *Hotseat) CanUndo() bool { return h.game.CanUndo() }

// Undo implements Session: it replays the game without its last move and saves it. If
// the game cannot be saved the move is put back and the storage error is returned.
func (h *Hotseat) Undo() error {
	moves := h.game.Moves()
	if len(moves) == 0 || !h.game.CanUndo() {
		return h.game.Undo() // the engine's refusal
	}
	last := moves[len(moves)-1]
	if err := h.game.Undo(); err != nil {
		return err
	}
	if err := h.save(h.now().UnixMilli()); err != nil {
		_ = h.game.Apply(last)
		return &Error{Msg: "The move was not taken back because the game could not be saved. " + sentence(err.Error()), Err: err}
	}
	h.step()
	return nil
}

// save stores the game's record, updated at now (unix ms, never earlier than before),
// and refreshes its index entry.
func (h *Hotseat) save(now int64) error {
	sg := h.saved
	sg.Record = h.game.Record()
	if sg.Record.Moves == nil {
		sg.Record.Moves = []engine.Move{}
	}
	if now > sg.Updated {
		sg.Updated = now
	}
	if err := saveGame(h.store, sg, h.game); err != nil {
		return err
	}
	h.saved = sg
	return nil
}
