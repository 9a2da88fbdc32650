package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"brass/engine/bot"
	"brass/tools/internal/atomicfile"
)

// A positions file (-positions) keeps the self-play positions of one run, so that the
// weights can be fitted again (another -ridge, -ridge-all-stages) without playing the games
// again: Hard's 400 four-player games take 20 minutes on 2 cores, a fit a second. Its first
// line names the games it holds; a file of other games is refused rather than fitted.

// positionsHeader names the games of a run: what decides the positions, not how they are fitted.
func positionsHeader(edition, rules string, lo, hi, games int, seed uint64, b bot.Bot) string {
	return fmt.Sprintf("brass learn positions 1: edition %s, rules %q, players %d-%d, games %d, seed %d, level %v, hand-built %v, budget %d\n",
		edition, rules, lo, hi, games, seed, b.Level, b.HandBuilt, b.Budget)
}

// readPositions returns the games' positions from path, in the order they were written,
// or fs.ErrNotExist when there is no such file.
func readPositions(path, header string, n int) ([]bot.Samples, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	first, body, ok := strings.Cut(string(data), "\n")
	if !ok || first+"\n" != header {
		return nil, fmt.Errorf("%s holds other games (%q), not %q: remove it or name another file", path, first, strings.TrimSpace(header))
	}
	out := make([]bot.Samples, n)
	b := []byte(body)
	for i := range out {
		if out[i], b, err = bot.ReadSamples(b); err != nil {
			return nil, fmt.Errorf("%s, game %d of %d: %w", path, i+1, n, err)
		}
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%s: %d bytes after the last game", path, len(b))
	}
	return out, nil
}

// writePositions keeps the games' positions in path.
func writePositions(path, header string, games []bot.Samples) error {
	b := []byte(header)
	for _, g := range games {
		b = g.AppendBinary(b)
	}
	return atomicfile.Write(path, b, 0o644)
}

// isMissing: err says the file is not there (so the games are to be played).
func isMissing(err error) bool { return errors.Is(err, fs.ErrNotExist) }
