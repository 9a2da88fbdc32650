//go:build !js

package mailbox

import (
	"time"

	"brass/internal/netguard"
)

// Config sets the server's quotas and timings. Zero fields take DefaultConfig's.
type Config struct {
	// Per connection.
	FramesPerSecond float64       // frames a connection may send on average (default 50)
	FrameBurst      int           // and in a burst (default 400: a device's first visit to a dealt game posts its deal at once)
	OpenTimeout     time.Duration // time to send the open (default 10 s)
	PingInterval    time.Duration // how often an idle connection is pinged (default 30 s)
	WriteTimeout    time.Duration // time to write one frame before the reader counts as too slow (default 10 s)
	ReadBatch       int           // messages read from the store at a time for a reader (default 256)
	// Poll is how often a reader looks at the store even without a note, in case one was
	// lost (default 5 s).
	Poll time.Duration

	// Per signing key (a seat's, the invitation's, the host's), across connections.
	AppendsPerKeySecond float64 // default 10
	AppendKeyBurst      int     // default 600

	// Per address (an IPv4 address or an IPv6 /64; netguard.Key).
	MaxConnsPerAddr      int     // open connections (default 64: a household's devices, each with a few games open)
	OpensPerMinute       float64 // opens (default 120, in bursts as many)
	AppendsPerAddrSecond float64 // default 50
	AppendAddrBurst      int     // default 2,000
	CreatesPerHour       float64 // games created (default 30)
	CreateBurst          int     // default 10
	MaxConns             int     // connections in all (default 20,000)
	MaxKeysTracked       int     // signing keys whose rates are kept at once (default 100,000)

	// Limits are the per-game caps and the per-address count of games kept (defaults:
	// 10,000 messages, 16 MiB, 500 lobby envelopes, 200 games an address).
	Limits Limits
	// Retention deletes games (defaults: finished 90 days, started and idle 365 days, never
	// started 14 days after their last append); Sweep is how often it runs (default 1 h).
	Retention Retention
	Sweep     time.Duration

	OriginPatterns []string             // other origins allowed to connect, as coder/websocket takes them
	Proxies        netguard.Proxies     // how to read the client's address behind a proxy
	Logf           func(string, ...any) // one line per refusal and sweep (nil: silent); never a message's content
	Now            func() time.Time     // the clock (tests)
}

// DefaultConfig returns the default quotas.
func DefaultConfig() Config {
	return Config{
		FramesPerSecond: 50, FrameBurst: 400,
		OpenTimeout: 10 * time.Second, PingInterval: 30 * time.Second, WriteTimeout: 10 * time.Second,
		ReadBatch: 256, Poll: 5 * time.Second,
		AppendsPerKeySecond: 10, AppendKeyBurst: 600,
		MaxConnsPerAddr: 64, OpensPerMinute: 120, AppendsPerAddrSecond: 50, AppendAddrBurst: 2000,
		CreatesPerHour: 30, CreateBurst: 10, MaxConns: 20000, MaxKeysTracked: 100000,
		Limits:    Limits{MaxMessages: 10000, MaxBytes: 16 << 20, MaxLobby: 500, GamesPerCreator: 200},
		Retention: Retention{Finished: 90 * 24 * time.Hour, Idle: 365 * 24 * time.Hour, Unstarted: 14 * 24 * time.Hour},
		Sweep:     time.Hour,
		Proxies:   netguard.Proxies{Trusted: netguard.DefaultTrusted()},
	}
}

func (c *Config) fill() {
	d := DefaultConfig()
	setF := func(v *float64, dv float64) {
		if *v <= 0 {
			*v = dv
		}
	}
	setI := func(v *int, dv int) {
		if *v <= 0 {
			*v = dv
		}
	}
	setI64 := func(v *int64, dv int64) {
		if *v <= 0 {
			*v = dv
		}
	}
	setD := func(v *time.Duration, dv time.Duration) {
		if *v <= 0 {
			*v = dv
		}
	}
	setF(&c.FramesPerSecond, d.FramesPerSecond)
	setI(&c.FrameBurst, d.FrameBurst)
	setD(&c.OpenTimeout, d.OpenTimeout)
	setD(&c.PingInterval, d.PingInterval)
	setD(&c.WriteTimeout, d.WriteTimeout)
	setI(&c.ReadBatch, d.ReadBatch)
	setD(&c.Poll, d.Poll)
	setF(&c.AppendsPerKeySecond, d.AppendsPerKeySecond)
	setI(&c.AppendKeyBurst, d.AppendKeyBurst)
	setI(&c.MaxConnsPerAddr, d.MaxConnsPerAddr)
	setF(&c.OpensPerMinute, d.OpensPerMinute)
	setF(&c.AppendsPerAddrSecond, d.AppendsPerAddrSecond)
	setI(&c.AppendAddrBurst, d.AppendAddrBurst)
	setF(&c.CreatesPerHour, d.CreatesPerHour)
	setI(&c.CreateBurst, d.CreateBurst)
	setI(&c.MaxConns, d.MaxConns)
	setI(&c.MaxKeysTracked, d.MaxKeysTracked)
	setI64(&c.Limits.MaxMessages, d.Limits.MaxMessages)
	setI64(&c.Limits.MaxBytes, d.Limits.MaxBytes)
	setI64(&c.Limits.MaxLobby, d.Limits.MaxLobby)
	setI(&c.Limits.GamesPerCreator, d.Limits.GamesPerCreator)
	setD(&c.Retention.Finished, d.Retention.Finished)
	setD(&c.Retention.Idle, d.Retention.Idle)
	setD(&c.Retention.Unstarted, d.Retention.Unstarted)
	setD(&c.Sweep, d.Sweep)
	if c.Proxies.Trusted == nil {
		c.Proxies.Trusted = d.Proxies.Trusted
	}
	if c.Now == nil {
		c.Now = time.Now
	}
}
