package parallel

import (
	"errors"
	"testing"
)

// TestEach: every job runs once, its error comes back by its number, and progress counts
// every job.
func TestEach(t *testing.T) {
	ran := make([]int, 50)
	var last int
	errs := Each(len(ran), 3, func(i int) error {
		ran[i]++
		if i%7 == 0 {
			return errors.New("seven")
		}
		return nil
	}, func(done int) { last = max(last, done) })
	for i := range ran {
		if ran[i] != 1 || (errs[i] != nil) != (i%7 == 0) {
			t.Fatalf("job %d ran %d times, error %v", i, ran[i], errs[i])
		}
	}
	if last != len(ran) {
		t.Errorf("progress reached %d of %d", last, len(ran))
	}
}
