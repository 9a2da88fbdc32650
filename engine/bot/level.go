package bot

import "fmt"

// Level is a bot's strength.
type Level uint8

// The three levels.
const (
	// Easy picks the best-looking single action with a rough evaluation and some noise: it
	// builds, links, sells and borrows sensibly but misses plans and makes clear mistakes.
	Easy Level = iota
	// Medium plans its whole turn (both actions) with the full evaluation.
	Medium
	// Hard plans its turn, then plays the best candidate turns forward over several sampled
	// deals, every player answering, before it chooses.
	Hard
)

var levelNames = [...]string{"easy", "medium", "hard"}

// String is the level's lower-case name, as ParseLevel reads it.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return fmt.Sprintf("level(%d)", uint8(l))
}

// ParseLevel reads "easy", "medium" or "hard".
func ParseLevel(s string) (Level, error) {
	for i, n := range levelNames {
		if s == n {
			return Level(i), nil
		}
	}
	return 0, fmt.Errorf("unknown bot level %q (want easy, medium or hard)", s)
}
