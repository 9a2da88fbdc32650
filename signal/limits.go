//go:build !js

package signal

import (
	"fmt"
	"net/http"
	"time"

	"brass/internal/netguard"
)

// addrState is what the server counts for one address.
type addrState struct {
	conns   int             // open connections
	rooms   int             // rooms opened from here that the server still keeps
	hosts   netguard.Bucket // rooms opened
	entries netguard.Bucket // first messages
}

// addr returns the state of an address, creating it. Call with s.mu held.
func (s *Server) addr(key string) *addrState {
	a := s.addrs[key]
	if a == nil {
		a = &addrState{
			hosts:   netguard.NewBucket(s.cfg.HostsPerMinute/60, s.cfg.MaxRoomsPerAddr),
			entries: netguard.NewBucket(s.cfg.EntriesPerMinute/60, int(s.cfg.EntriesPerMinute+0.5)),
		}
		s.addrs[key] = a
	}
	return a
}

// admit charges a first message to its address. Call with s.mu held.
func (s *Server) admit(key string, now time.Time) *Error {
	if !s.addr(key).entries.Take(now) {
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
	if !a.hosts.Take(now) {
		return &Error{Code: CodeHostLimit, Message: "Your address opened rooms too quickly; try again in a minute."}
	}
	a.rooms++
	return nil
}

// sweepAddrs forgets addresses with nothing open whose limits have recovered, so a client
// cannot reset its rates by disconnecting. Call with s.mu held.
func (s *Server) sweepAddrs(now time.Time) {
	for key, a := range s.addrs {
		if a.conns == 0 && a.rooms == 0 && a.hosts.Full(now) && a.entries.Full(now) {
			delete(s.addrs, key)
		}
	}
}

// remoteAddr is the key the request's client is counted by (netguard.Key).
func (s *Server) remoteAddr(r *http.Request) string {
	return netguard.Proxies{TrustForwardedFor: s.cfg.TrustForwardedFor, Trusted: s.cfg.TrustedProxies}.RemoteKey(r)
}
