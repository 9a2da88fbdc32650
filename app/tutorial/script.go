// Package tutorial is the guided first game: a script of steps played on the real game
// screen. Each step says something (a sentence or two, with the rulebook's words where it
// teaches a rule) and either waits for Next, asks the player for one move, which the
// action builder then guides question by question, or is the scripted opponent's move. The
// game is an ordinary saved hotseat game with a fixed seed, so the deal is known; past the
// script the opponent is the Easy bot. The package holds the script (steps.go), where a
// game is in it (Position), the progress kept in storage (progress.go) and the brain that
// plays the opponent's scripted moves (brain.go); the screen's part is ui/tutorial.go.
package tutorial

import (
	"encoding/json"

	"brass/engine"
)

// Step is one step of the script.
type Step struct {
	// Title is the step's short heading.
	Title string
	// Say is what the tutorial tells the player: a sentence or two.
	Say string
	// Rule quotes the rulebook (docs/birmingham-rulebook.md) word for word where Say teaches
	// a rule; a test checks the quote is there.
	Rule string
	// Move is the move the step is about: the player's (seat 0), which the builder guides,
	// or the opponent's (seat 1), which the opponent's seat plays. Nil: a step to read,
	// which Next ends.
	Move *engine.Move
	// Glow lists what glows on the board while a step to read is shown: build spaces, lines,
	// merchant spaces, "coal_market" or "iron_market".
	Glow []string
	// Check says what is wrong with the step's words in the position it is shown in (a
	// turn order or a tile it names), or "" when they hold; nil: nothing to check.
	Check func(st *engine.State) string
}

// Script is a tutorial: the game it is played in and its steps.
type Script struct {
	Config  engine.Config
	Colours []string
	Bots    []string // by seat: "" for the player, or the opponent's bot level past the script
	Steps   []Step
}

// Moves are the script's moves in order, both players'.
func (s *Script) Moves() []engine.Move {
	var out []engine.Move
	for _, st := range s.Steps {
		if st.Move != nil {
			out = append(out, *st.Move)
		}
	}
	return out
}

// Player is the seat the player plays.
const Player = 0

// Position is where a game stands in the script.
type Position struct {
	// Step is the step to show; len(Steps) once the script is over.
	Step int
	// Off is set when the game's moves left the script (an imported or changed game): the
	// tutorial can only stop then.
	Off bool
}

// At finds the step to show for a game with these moves, when the player has read the steps
// to read before read: the first step whose move is not made yet, or the first step to read
// at or after read, whichever comes first. Steps to read that a later move went past count as
// read, and an undo brings its move's step back.
func (s *Script) At(read int, moves []engine.Move) Position {
	k := 0
	for i, st := range s.Steps {
		if st.Move == nil {
			if i >= read {
				return Position{Step: i}
			}
			continue
		}
		if k >= len(moves) {
			return Position{Step: i}
		}
		if !Same(moves[k], *st.Move) {
			return Position{Step: i, Off: true}
		}
		k++
	}
	return Position{Step: len(s.Steps)}
}

// Reading reports whether the step to show (see At) is one to read: while it is, the Tutor's
// next move waits for its Next, so the screen never shows a move the steps have not come to.
func (s *Script) Reading(read int, moves []engine.Move) bool {
	pos := s.At(read, moves)
	return !pos.Off && pos.Step < len(s.Steps) && s.Steps[pos.Step].Move == nil
}

// Same reports whether two moves are the same action (the stale-check field At aside).
func Same(a, b engine.Move) bool {
	a.At, b.At = nil, nil
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

// Next is the scripted move to make after these moves, if they follow the script so far
// and it goes on.
func (s *Script) Next(moves []engine.Move) (engine.Move, bool) {
	script := s.Moves()
	if len(moves) >= len(script) {
		return engine.Move{}, false
	}
	for i, m := range moves {
		if !Same(m, script[i]) {
			return engine.Move{}, false
		}
	}
	return script[len(moves)], true
}
