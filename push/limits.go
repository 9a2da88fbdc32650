//go:build !js

package push

import (
	"fmt"
	"net/http"
	"time"

	"brass/internal/netguard"
)

// Rates. A device subscribes once per game and nudges once per move (three at most, at a
// game's start and end), so a seat key's bucket is generous for a player and tight for a
// script; an address is a household's devices, or a proxy's clients when X-Forwarded-For is
// not trusted.
const (
	keyRate    = 0.5 // signed requests a second per seat key, on average
	keyBurst   = 30
	addrRate   = 5 // requests a second per address
	addrBurst  = 100
	maxTracked = 100_000 // entries of each map below, at most
)

// limits is what the service counts, under Service.mu. Each map forgets an entry once it
// is back to where a new one starts (tidy), and none holds more than maxTracked.
type limits struct {
	addrs map[string]*netguard.Bucket
	keys  map[string]*netguard.Bucket
	pairs map[pair]*pairState
	seen  map[string]time.Time // a request's signature, until its time is stale
}

// pair is one seat of one game: what a push goes to.
type pair struct {
	game string
	to   int
}

type pairState struct {
	last time.Time       // the last push
	day  netguard.Bucket // PushesPerDay a day
}

func newLimits() limits {
	return limits{
		addrs: map[string]*netguard.Bucket{},
		keys:  map[string]*netguard.Bucket{},
		pairs: map[pair]*pairState{},
		seen:  map[string]time.Time{},
	}
}

var errBusy = &apiError{http.StatusTooManyRequests, CodeRateLimit, "The server is busy: try again in a minute."}

// take takes a token from the bucket of m under name, making a full one if there is none.
func take(m map[string]*netguard.Bucket, name string, rate float64, burst int, now time.Time) bool {
	b := m[name]
	if b == nil {
		if len(m) >= maxTracked {
			return false
		}
		nb := netguard.NewBucket(rate, burst)
		b = &nb
		m[name] = b
	}
	return b.Take(now)
}

func (l *limits) takeAddr(addr string, now time.Time) *apiError {
	if !take(l.addrs, addr, addrRate, addrBurst, now) {
		return &apiError{http.StatusTooManyRequests, CodeRateLimit, fmt.Sprintf("Too many requests from your address (at most %g a second); slow down.", float64(addrRate))}
	}
	return nil
}

func (l *limits) takeKey(key string, now time.Time) *apiError {
	if !take(l.keys, key, keyRate, keyBurst, now) {
		return &apiError{http.StatusTooManyRequests, CodeRateLimit, fmt.Sprintf("Too many requests from this seat's key (at most one every %g seconds); slow down.", 1/keyRate)}
	}
	return nil
}

// once records a request's signature until its time goes stale, and reports whether it was
// new: a request sent again (a retry, or a replay by whoever saw it) is acted on once.
func (l *limits) once(sig string, at time.Time) (bool, *apiError) {
	if _, ok := l.seen[sig]; ok {
		return false, nil
	}
	if len(l.seen) >= maxTracked {
		return false, errBusy
	}
	l.seen[sig] = at.Add(Skew)
	return true, nil
}

// spacing decides whether a push to p goes now: not within Spacing of the last one
// (coalesced: that one already asks the player to open the game, whose device then reads
// everything), and at most PushesPerDay a day.
func (l *limits) spacing(p pair, now time.Time) (send bool, err *apiError) {
	st := l.pairs[p]
	if st == nil {
		if len(l.pairs) >= maxTracked {
			return false, errBusy
		}
		st = &pairState{day: netguard.NewBucket(PushesPerDay/86400.0, PushesPerDay)}
		l.pairs[p] = st
	}
	if !st.last.IsZero() && now.Sub(st.last) < Spacing {
		return false, nil
	}
	if !st.day.Take(now) {
		return false, &apiError{http.StatusTooManyRequests, CodeRateLimit, fmt.Sprintf("This seat was notified %d times today, the most it may be.", PushesPerDay)}
	}
	st.last = now
	return true, nil
}

// tidy forgets what has recovered, so that the maps hold only what is in use.
func (l *limits) tidy(now time.Time) {
	for k, b := range l.addrs {
		if b.Full(now) {
			delete(l.addrs, k)
		}
	}
	for k, b := range l.keys {
		if b.Full(now) {
			delete(l.keys, k)
		}
	}
	for p, st := range l.pairs {
		if now.Sub(st.last) >= Spacing && st.day.Full(now) {
			delete(l.pairs, p)
		}
	}
	for sig, until := range l.seen {
		if !now.Before(until) {
			delete(l.seen, sig)
		}
	}
}

// janitor tidies the limits every minute.
func (s *Service) janitor() {
	defer s.wg.Done()
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			s.mu.Lock()
			s.lim.tidy(s.cfg.Now())
			s.mu.Unlock()
		}
	}
}
