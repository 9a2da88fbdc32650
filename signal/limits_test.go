//go:build !js

package signal

import (
	"testing"
	"time"
)

// TestTokenBucketTimeGoingBack: callers read the clock before they take the server's lock,
// so a bucket can see a time earlier than its last one. That earns nothing and costs
// nothing: at a fast rate, a millisecond back once emptied a bucket of 100 rooms (TestLoad).
func TestTokenBucketTimeGoingBack(t *testing.T) {
	b := newTokenBucket(1e6/60, 100)
	now := time.Unix(1000, 0)
	if !b.take(now) {
		t.Fatal("a full bucket refused")
	}
	for i := 0; i < 99; i++ {
		if !b.take(now.Add(-time.Millisecond)) {
			t.Fatalf("take %d at a time a millisecond back refused", i+2)
		}
	}
	if b.take(now.Add(-time.Millisecond)) {
		t.Error("a 101st take with no time passed was allowed")
	}
}
