package netguard

import "time"

// Bucket limits a rate of events: Rate a second on average, in bursts of Burst.
type Bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

// NewBucket returns a full bucket.
func NewBucket(rate float64, burst int) Bucket {
	if burst < 1 {
		burst = 1
	}
	return Bucket{rate: rate, burst: float64(burst), tokens: float64(burst)}
}

// refill adds the tokens earned since the last call. A time before the last one (a caller
// that read the clock before another took the lock) earns nothing and takes nothing: with a
// fast rate, going back a millisecond would otherwise empty the bucket.
func (b *Bucket) refill(now time.Time) {
	if !b.last.IsZero() {
		if now.Before(b.last) {
			return
		}
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
}

// Take takes a token if there is one.
func (b *Bucket) Take(now time.Time) bool {
	b.refill(now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// Full reports whether the bucket is back to its burst, as if never used.
func (b *Bucket) Full(now time.Time) bool {
	b.refill(now)
	return b.tokens >= b.burst
}
