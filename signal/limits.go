//go:build !js

package signal

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"
)

// addrState is what the server counts for one address.
type addrState struct {
	conns   int         // open connections
	rooms   int         // rooms opened from here that the server still keeps
	hosts   tokenBucket // rooms opened
	entries tokenBucket // first messages
}

// addr returns the state of an address, creating it. Call with s.mu held.
func (s *Server) addr(key string) *addrState {
	a := s.addrs[key]
	if a == nil {
		a = &addrState{
			hosts:   newTokenBucket(s.cfg.HostsPerMinute/60, s.cfg.MaxRoomsPerAddr),
			entries: newTokenBucket(s.cfg.EntriesPerMinute/60, int(s.cfg.EntriesPerMinute+0.5)),
		}
		s.addrs[key] = a
	}
	return a
}

// admit charges a first message to its address. Call with s.mu held.
func (s *Server) admit(key string, now time.Time) *Error {
	if !s.addr(key).entries.take(now) {
		return &Error{Code: CodeEntryLimit, Message: fmt.Sprintf("Too many requests for rooms from your address (at most %g a minute); wait a minute.", s.cfg.EntriesPerMinute)}
	}
	return nil
}

// mayOpen checks and charges the opening of a room from an address: its own count and rate
// first, so that one address meets its limit long before the table is full. Call with s.mu
// held.
func (s *Server) mayOpen(key string, now time.Time) *Error {
	a := s.addr(key)
	if a.rooms >= s.cfg.MaxRoomsPerAddr {
		return &Error{Code: CodeHostLimit, Message: fmt.Sprintf("Your address has %d rooms open already; try again when one has closed (a few minutes after its players leave).", a.rooms)}
	}
	if len(s.rooms) >= s.cfg.MaxRooms {
		return &Error{Code: CodeTooManyRooms, Message: "The server has too many rooms open; try again later."}
	}
	if !a.hosts.take(now) {
		return &Error{Code: CodeHostLimit, Message: "Your address opened rooms too quickly; try again in a minute."}
	}
	a.rooms++
	return nil
}

// sweepAddrs forgets addresses with nothing open whose limits have recovered, so a client
// cannot reset its rates by disconnecting. Call with s.mu held.
func (s *Server) sweepAddrs(now time.Time) {
	for key, a := range s.addrs {
		if a.conns == 0 && a.rooms == 0 && a.hosts.full(now) && a.entries.full(now) {
			delete(s.addrs, key)
		}
	}
}

// addrKey is what per-address limits count by: an IPv4 address, or an IPv6 address's /64
// (a home or a phone network is given a whole /64, so single IPv6 addresses would let one
// network look like millions of clients).
func addrKey(a netip.Addr) string {
	a = a.Unmap()
	if a.Is6() {
		p, err := a.Prefix(64)
		if err == nil {
			return p.String()
		}
	}
	return a.String()
}

// remoteAddr is the key the request's client is counted by.
func (s *Server) remoteAddr(r *http.Request) string {
	a, ok := s.clientAddr(r)
	if !ok {
		return r.RemoteAddr
	}
	return addrKey(a)
}

// clientAddr is the request's client: the connection's peer, or, behind trusted proxies,
// the address the nearest untrusted hop was seen from. X-Forwarded-For is read from the
// right, since each proxy appends the address it saw: the leftmost entries are the
// client's own claims.
func (s *Server) clientAddr(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	peer = peer.Unmap()
	if !s.cfg.TrustForwardedFor || !s.trusted(peer) {
		return peer, true
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			break // garbage: keep the last hop a trusted proxy vouched for
		}
		client = a
		if !s.trusted(a) {
			break
		}
	}
	return client, true
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a port.
func parseHop(h string) (netip.Addr, bool) {
	h = strings.TrimSpace(h)
	if ap, err := netip.ParseAddrPort(h); err == nil {
		return ap.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(strings.Trim(h, "[]"))
	return a.Unmap(), err == nil
}

func (s *Server) trusted(a netip.Addr) bool {
	for _, p := range s.cfg.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// tokenBucket limits a rate of events.
type tokenBucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newTokenBucket(rate float64, burst int) tokenBucket {
	if burst < 1 {
		burst = 1
	}
	return tokenBucket{rate: rate, burst: float64(burst), tokens: float64(burst)}
}

// refill adds the tokens earned since the last call. A time before the last one (a caller
// that read the clock before another took the lock) earns nothing and takes nothing: with a
// fast rate, going back a millisecond would otherwise empty the bucket.
func (b *tokenBucket) refill(now time.Time) {
	if !b.last.IsZero() {
		if now.Before(b.last) {
			return
		}
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
}

func (b *tokenBucket) take(now time.Time) bool {
	b.refill(now)
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}

// full reports whether the bucket is back to its burst, as if never used.
func (b *tokenBucket) full(now time.Time) bool {
	b.refill(now)
	return b.tokens >= b.burst
}
