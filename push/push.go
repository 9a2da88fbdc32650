//go:build !js

package push

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"brass/internal/netguard"
)

// Errors Config.Seats returns for a game it cannot give seats of.
var (
	ErrNoGame     = errors.New("no such game")
	ErrNotStarted = errors.New("the game has not started")
)

// Limits of the API. They are constants, not options: a device depends on them.
const (
	MaxBody          = 4 << 10            // bytes of a request
	MaxEndpoint      = 1000               // bytes of a subscription's endpoint
	MaxSubscriptions = 8                  // subscriptions kept per seat key (the oldest go)
	Skew             = 10 * time.Minute   // how far a request's time may be from the server's
	Spacing          = 5 * time.Second    // pushes to one seat of one game are this far apart at least
	PushesPerDay     = 200                // and at most this many a day
	MaxDue           = 8 * 24 * time.Hour // how far ahead a reminder may be due: a turn's time is 3 days at most
)

// Config is what the service needs from its server.
type Config struct {
	// Dir is the server's data directory: the VAPID key (vapid.json) and, unless Store is
	// set, the subscriptions (push.db) are kept there.
	Dir string
	// Subject is the VAPID subject: a mailto: address or an https: URL at which the push
	// services can reach whoever runs the server.
	Subject string
	// Seats returns the seats' signing keys (base64url, by seat) of a started game, or an
	// error wrapping ErrNoGame or ErrNotStarted. The server's comes from the mailbox's store.
	Seats func(ctx context.Context, game string) ([]string, error)
	// Store keeps the subscriptions (nil: SQLite in Dir/push.db, closed by Close).
	Store Store
	// AllowLoopback is for tests: an endpoint may then be http:// on 127.0.0.1, ::1 or
	// localhost, and loopback addresses are dialled. Never in production: the server would
	// post to whatever listens on its own host.
	AllowLoopback bool
	// Proxies says how to read a client's address behind a reverse proxy.
	Proxies netguard.Proxies
	// Client posts the pushes (nil: one with timeouts that dials only public addresses).
	Client *http.Client
	// Logf gets one line per refusal and per push a push service did not take; never a
	// request's keys or endpoint path (nil: silent).
	Logf func(string, ...any)
	// Now is the clock (tests).
	Now func() time.Time
	// RemindEvery is how often the reminders that have come due are sent (0: every 30 s;
	// a reminder comes that much late at most, against a turn's hours).
	RemindEvery time.Duration
}

// Service is the push API (an http.Handler for /push/…) and the sender behind it.
type Service struct {
	cfg    Config
	keys   vapidKeys
	keyRes []byte // GET /push/key's body
	store  Store
	ownDB  bool
	client *http.Client

	mu     sync.Mutex
	closed bool
	lim    limits

	jobs    chan job
	ctx     context.Context
	cancel  context.CancelFunc
	wg      sync.WaitGroup // the workers, the janitor and the reminder loop
	pending sync.WaitGroup // pushes queued and not yet done (tests wait on it)
	count   counts
}

// counts are the totals since the service started.
type counts struct {
	nudges, coalesced, refused, sent, failed, gone, dropped, reminded atomic.Int64
	sweeps                                                            atomic.Int64 // the reminder loop's rounds done (tests wait on it)
}

// Open starts the service: it reads the VAPID key in Dir, making it on first start, and
// opens the store, and starts sending the reminders as they come due. Close stops it.
func Open(cfg Config) (*Service, error) {
	if cfg.Dir == "" {
		return nil, errors.New("push: no data directory")
	}
	if cfg.Seats == nil {
		return nil, errors.New("push: no Seats: the service cannot tell who plays a game")
	}
	if err := CheckSubject(cfg.Subject); err != nil {
		return nil, err
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	if cfg.RemindEvery <= 0 {
		cfg.RemindEvery = 30 * time.Second
	}
	keys, err := loadKeys(filepath.Join(cfg.Dir, KeyFile))
	if err != nil {
		return nil, err
	}
	s := &Service{cfg: cfg, keys: keys, store: cfg.Store, client: cfg.Client, lim: newLimits()}
	s.keyRes = []byte(`{"key":"` + keys.Public + `"}` + "\n")
	if s.store == nil {
		path := filepath.Join(cfg.Dir, DBFile)
		if s.store, err = OpenSQLite(path); err != nil {
			return nil, fmt.Errorf("the push subscriptions' store %s: %w", path, err)
		}
		s.ownDB = true
	}
	if s.client == nil {
		s.client = newClient(cfg.AllowLoopback, proxied())
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.jobs = make(chan job, queueSize)
	for range workers {
		s.wg.Add(1)
		go s.work()
	}
	s.wg.Add(2)
	go s.janitor()
	go s.reminders()
	return s, nil
}

// CheckSubject checks a VAPID subject: mailto: and an address, or an https: URL.
func CheckSubject(sub string) error {
	if addr, ok := strings.CutPrefix(sub, "mailto:"); ok {
		if !strings.Contains(addr, "@") || strings.ContainsAny(addr, " \t\r\n") {
			return fmt.Errorf("push: the VAPID subject %q is not mailto: and an address", sub)
		}
		return nil
	}
	if u, err := url.Parse(sub); err != nil || u.Scheme != "https" || u.Host == "" {
		return fmt.Errorf("push: the VAPID subject %q is neither mailto:address nor an https: URL", sub)
	}
	return nil
}

// PublicKey is the VAPID public key, as PushManager.subscribe's applicationServerKey takes
// it: the uncompressed P-256 point, base64url unpadded.
func (s *Service) PublicKey() string { return s.keys.Public }

// Close stops the service: pushes still queued are dropped (they are a courtesy: the games
// are in the mailbox), those being sent are cancelled, and the store is closed if the
// service opened it.
func (s *Service) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	s.mu.Unlock()
	s.cancel()
	s.wg.Wait()
	for drained := false; !drained; {
		select {
		case <-s.jobs:
			s.count.dropped.Add(1)
			s.pending.Done()
		default:
			drained = true
		}
	}
	if s.ownDB {
		return s.store.Close()
	}
	return nil
}

// Stats are the service's counts, for /healthz.
type Stats struct {
	Subscriptions int64 `json:"subscriptions"` // kept now
	Nudges        int64 `json:"nudges"`        // nudges taken
	Coalesced     int64 `json:"coalesced"`     // of them, not sent: too soon after the last
	Refused       int64 `json:"refused"`       // requests refused
	Sent          int64 `json:"sent"`          // pushes the push services took
	Failed        int64 `json:"failed"`        // pushes refused (429, 5xx, …) or not delivered to them
	Gone          int64 `json:"gone"`          // subscriptions removed: their push service said 404 or 410
	Dropped       int64 `json:"dropped"`       // pushes not sent: the queue was full, or the server stopped
	Reminded      int64 `json:"reminded"`      // reminders that came due (sent unless coalesced or capped)
}

// Stats reports the counts; Subscriptions stays 0 when the store does not answer.
func (s *Service) Stats(ctx context.Context) (Stats, error) {
	c := &s.count
	st := Stats{Nudges: c.nudges.Load(), Coalesced: c.coalesced.Load(), Refused: c.refused.Load(),
		Sent: c.sent.Load(), Failed: c.failed.Load(), Gone: c.gone.Load(), Dropped: c.dropped.Load(),
		Reminded: c.reminded.Load()}
	n, err := s.store.Count(ctx)
	st.Subscriptions = n
	return st, err
}
