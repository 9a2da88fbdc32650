//go:build !js

package mailbox

import (
	"context"
	"fmt"
	"time"

	"brass/internal/netguard"
)

// addrState is what the server counts for one address.
type addrState struct {
	conns   int
	opens   netguard.Bucket
	creates netguard.Bucket
	appends netguard.Bucket
}

// keyState is what the server counts for one signing key.
type keyState struct {
	appends netguard.Bucket
}

// addr returns an address's state, creating it. Call with s.mu held.
func (s *Server) addr(key string) *addrState {
	a := s.addrs[key]
	if a == nil {
		a = &addrState{
			opens:   netguard.NewBucket(s.cfg.OpensPerMinute/60, int(s.cfg.OpensPerMinute+0.5)),
			creates: netguard.NewBucket(s.cfg.CreatesPerHour/3600, s.cfg.CreateBurst),
			appends: netguard.NewBucket(s.cfg.AppendsPerAddrSecond, s.cfg.AppendAddrBurst),
		}
		s.addrs[key] = a
	}
	return a
}

// connect counts a new connection against its address and the server.
func (s *Server) connect(addr string) *Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.closed:
		return &Error{Code: CodeShutdown, Message: "The server is shutting down."}
	case s.conns >= s.cfg.MaxConns:
		return &Error{Code: CodeTooManyConns, Message: "The server has as many connections as it takes; try again later."}
	}
	a := s.addr(addr)
	if a.conns >= s.cfg.MaxConnsPerAddr {
		return &Error{Code: CodeTooManyConns, Message: fmt.Sprintf("Too many connections from your address (at most %d).", s.cfg.MaxConnsPerAddr)}
	}
	a.conns++
	s.conns++
	return nil
}

func (s *Server) disconnect(addr string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.conns--
	if a := s.addrs[addr]; a != nil {
		a.conns--
	}
}

func (s *Server) mayOpen(addr string) *Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.addr(addr).opens.Take(s.cfg.Now()) {
		return &Error{Code: CodeRateLimit, Message: fmt.Sprintf("Too many games opened from your address (at most %g a minute); wait a minute.", s.cfg.OpensPerMinute)}
	}
	return nil
}

func (s *Server) mayCreate(addr string) *Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.addr(addr).creates.Take(s.cfg.Now()) {
		return &Error{Code: CodeTooManyGames, Message: fmt.Sprintf("Your address created games too quickly (at most %g an hour); try again later.", s.cfg.CreatesPerHour)}
	}
	return nil
}

// mayAppend charges an append to its address and its signing key: a seat's key is one
// device's, however many connections it opens.
func (s *Server) mayAppend(addr, key string) *Error {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.cfg.Now()
	k := s.keys[key]
	if k == nil {
		if len(s.keys) >= s.cfg.MaxKeysTracked {
			return &Error{Code: CodeRateLimit, Message: "The server is busy: try again in a minute."}
		}
		k = &keyState{appends: netguard.NewBucket(s.cfg.AppendsPerKeySecond, s.cfg.AppendKeyBurst)}
		s.keys[key] = k
	}
	if !k.appends.Take(now) {
		return &Error{Code: CodeRateLimit, Message: fmt.Sprintf("Too many messages from this key (at most %g a second); slow down.", s.cfg.AppendsPerKeySecond)}
	}
	if !s.addr(addr).appends.Take(now) {
		return &Error{Code: CodeRateLimit, Message: fmt.Sprintf("Too many messages from your address (at most %g a second); slow down.", s.cfg.AppendsPerAddrSecond)}
	}
	return nil
}

// janitor forgets the rates that have recovered (so a client cannot reset one by
// reconnecting, and the maps stay small) and runs the retention sweep.
func (s *Server) janitor() {
	defer s.wg.Done()
	tidy := time.NewTicker(time.Minute)
	defer tidy.Stop()
	sweep := time.NewTicker(s.cfg.Sweep)
	defer sweep.Stop()
	s.sweep()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-tidy.C:
			s.tidy(s.cfg.Now())
		case <-sweep.C:
			s.sweep()
		}
	}
}

func (s *Server) tidy(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for key, a := range s.addrs {
		if a.conns == 0 && a.opens.Full(now) && a.creates.Full(now) && a.appends.Full(now) {
			delete(s.addrs, key)
		}
	}
	for key, k := range s.keys {
		if k.appends.Full(now) {
			delete(s.keys, key)
		}
	}
}

// sweep deletes the games the retention rules let go.
func (s *Server) sweep() {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Minute)
	defer cancel()
	n, err := s.store.Sweep(ctx, s.cfg.Now(), s.cfg.Retention)
	if err != nil {
		if s.ctx.Err() == nil {
			s.count.storeErrors.Add(1)
			s.logf("mailbox: retention sweep: %v", err)
		}
		return
	}
	s.count.swept.Add(int64(n))
	if n > 0 {
		s.logf("mailbox: retention deleted %d games", n)
	}
}
