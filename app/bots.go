package app

import (
	"fmt"
	"slices"
	"time"

	"brass/app/botproto"
	"brass/engine"
)

// Bots: a seat of a game on this device can be played by the computer, at one of three
// levels. The thinking itself happens in a Brain: in the browser a Web Worker running the
// bot-only wasm (app/botworker), so the page never freezes; natively (tests, tools) a
// goroutine (app/botbrain). A bot sees only what its seat may see: the brain replays the
// record and gives the bot the seat's view.

// BotLevels are the levels a bot seat may have, weakest first.
var BotLevels = []string{"easy", "medium", "hard"}

// isBotLevel reports whether level is one of BotLevels.
func isBotLevel(level string) bool { return slices.Contains(BotLevels, level) }

// BotLevelName is a level as players read it: "Easy".
func BotLevelName(level string) string {
	switch level {
	case "easy":
		return "Easy"
	case "medium":
		return "Medium"
	case "hard":
		return "Hard"
	}
	return level
}

// BotRequest asks a bot for a move (see botproto.Request).
type BotRequest = botproto.Request

// BotReply is a bot's answer (see botproto.Reply).
type BotReply = botproto.Reply

// Brain thinks for bots. Think returns at once; done is called later, from any goroutine.
type Brain interface {
	Think(req BotRequest, done func(BotReply))
}

// BotHost is a session that can play bot seats or give hints, once it has a brain.
type BotHost interface {
	SetBrain(b Brain)
	// BotLevel is the level of the bot playing seat, or "" for a person.
	BotLevel(seat int) string
	// BotProblem says why the last bot to move could not choose (it then made the first
	// legal move), or "".
	BotProblem() string
}

// BotPauser is a session whose bots can wait while its people read something, such as the
// summary of the round that just ended: the bots would otherwise play the next round under
// it. Only a game on one device pauses; online, seat bots play for players away from the
// others, who must not wait on this device's screen.
type BotPauser interface {
	PauseBots(paused bool)
}

// validBotLevels checks the seats' kinds: "" for a person, or a level; at least one person.
func validBotLevels(levels []string, players int) ([]string, error) {
	if len(levels) == 0 {
		return nil, nil
	}
	if len(levels) != players {
		return nil, fmt.Errorf("%d seat kinds were given for %d players.", len(levels), players)
	}
	people := 0
	for i, l := range levels {
		switch {
		case l == "":
			people++
		case !isBotLevel(l):
			return nil, fmt.Errorf("Seat %d: %q is not a bot level (easy, medium or hard).", i+1, l)
		}
	}
	if people == 0 {
		return nil, fmt.Errorf("At least one seat must be played by a person.")
	}
	return append([]string(nil), levels...), nil
}

// botSeed is the seed a bot decides with: fixed by the game and the position, so a bot
// replayed from the same record decides the same.
func botSeed(cfg engine.Config, moves, seat int) uint64 {
	return cfg.Seed*0x9e3779b97f4a7c15 + uint64(moves)*0x100000001b3 + uint64(seat)
}

// DefaultBotPause is the least time a bot's move takes to appear, so players see whose
// turn it was and what happened.
const DefaultBotPause = 700 * time.Millisecond

// botDriver plays a session's bot seats: when a bot is to act it asks the brain, waits out
// the rest of a short pause, and submits the move as a player would. Everything runs on the
// session's UI goroutine (through run); an answer for a position that has changed since is
// dropped.
type botDriver struct {
	brain    Brain
	pause    time.Duration
	run      func(func())
	changed  func()
	thinking int // the move count a bot is thinking at, or −1
	closed   bool
	paused   bool   // a bot thinks and plays only when not paused (see BotPauser)
	problem  string // why the last bot to move could not choose (it made the first legal move), or ""
}

func newBotDriver(pause time.Duration) botDriver {
	return botDriver{pause: pause, thinking: -1}
}

// step starts a bot's thinking when one of its seats is to act. game is the session's game
// now (a session may replace it: an undo); level says which seats are bots; submit
// plays a move.
func (d *botDriver) step(game func() *engine.Game, level func(seat int) string, submit func(engine.Move) error) {
	g := game()
	if d.brain == nil || d.run == nil || d.closed || d.paused || g.Over() {
		return
	}
	seat := g.State().Actor()
	lv := level(seat)
	at := len(g.Moves())
	if lv == "" || d.thinking == at {
		return
	}
	d.thinking = at
	req := BotRequest{Record: g.Record(), Seat: seat, Level: lv, Seed: botSeed(g.Config(), at, seat)}
	hash := g.Hash()
	start := time.Now()
	run := d.run
	d.brain.Think(req, func(rep BotReply) {
		wait := d.pause - time.Since(start)
		if wait < 0 {
			wait = 0
		}
		time.AfterFunc(wait, func() {
			run(func() { d.answer(game, at, hash, seat, rep, level, submit) })
		})
	})
}

// answer plays a bot's move if the game is still where the bot looked at it; otherwise the
// bot thinks again if one of its seats is to act now.
func (d *botDriver) answer(game func() *engine.Game, at int, hash uint64, seat int, rep BotReply, level func(int) string, submit func(engine.Move) error) {
	if d.thinking == at {
		d.thinking = -1
	}
	if d.closed || d.paused {
		return // paused: the bot thinks again when the players go on (the same move: its seed is the position's)
	}
	g := game()
	if len(g.Moves()) != at || g.Hash() != hash || g.State().Actor() != seat || level(seat) == "" {
		d.step(game, level, submit) // the position moved on, or the seat is no longer this bot's
		return
	}
	err := fmt.Errorf("%s", rep.Error)
	if rep.Error == "" {
		err = submit(rep.Move)
	}
	if err == nil {
		d.problem = ""
	} else {
		// A bot must never hold the game up: it takes the first legal move instead.
		d.problem = fmt.Sprintf("The bot for %s could not choose (%v); it made the first legal move.", g.State().Name(seat), err)
		if legal := g.LegalMoves(); len(legal) > 0 {
			_ = submit(legal[0])
		}
	}
	d.changed()
}

// hint asks the brain for the Hard bot's suggestion for seat.
func (d *botDriver) hint(g *engine.Game, seat int, done func(BotReply)) {
	if d.brain == nil {
		done(BotReply{Error: "Hints are not available here."})
		return
	}
	run := d.run
	req := BotRequest{Record: g.Record(), Seat: seat, Level: "hard", Seed: botSeed(g.Config(), len(g.Moves()), seat), Hint: true}
	d.brain.Think(req, func(rep BotReply) {
		if run != nil {
			run(func() { done(rep) })
		} else {
			done(rep)
		}
	})
}
