package netguard

import (
	"testing"
	"time"
)

// TestBucketTimeGoingBack: callers read the clock before they take their server's lock, so
// a bucket can see a time earlier than its last one. That earns nothing and costs nothing:
// at a fast rate, a millisecond back once emptied a bucket of 100 rooms (signal's TestLoad).
func TestBucketTimeGoingBack(t *testing.T) {
	b := NewBucket(1e6/60, 100)
	now := time.Unix(1000, 0)
	if !b.Take(now) {
		t.Fatal("a full bucket refused")
	}
	for i := 0; i < 99; i++ {
		if !b.Take(now.Add(-time.Millisecond)) {
			t.Fatalf("take %d at a time a millisecond back refused", i+2)
		}
	}
	if b.Take(now.Add(-time.Millisecond)) {
		t.Error("a 101st take with no time passed was allowed")
	}
}

// TestBucketRefills: the rate earns tokens back, never beyond the burst.
func TestBucketRefills(t *testing.T) {
	b := NewBucket(10, 2)
	now := time.Unix(1000, 0)
	b.Take(now)
	b.Take(now)
	if b.Take(now) {
		t.Fatal("an empty bucket gave a token")
	}
	if !b.Take(now.Add(100 * time.Millisecond)) {
		t.Fatal("a tenth of a second at 10/s earned no token")
	}
	if !b.Full(now.Add(time.Hour)) {
		t.Fatal("an hour did not fill the bucket")
	}
	b.Take(now.Add(time.Hour))
	b.Take(now.Add(time.Hour))
	if b.Take(now.Add(time.Hour)) {
		t.Fatal("a long wait filled the bucket past its burst")
	}
}
