//go:build unix

// Mailboxload measures the mailbox server (brass/mailbox) under the load the docs' targets
// speak of, on loopback, with the server in this process:
//
//   - it seeds -games stored games of -messages real signed envelopes each (bodies of
//     300–700 bytes), straight into the store's tables (seed.go says how and why), and
//     checks a sample of them back through Store.Read;
//   - a device catching up a stored game: from Dial to the live frame (-catchups games,
//     one after another on an idle server, and one a second during the load);
//   - -devices connected devices, three to a live game (one more watches the first game),
//     appending -rate envelopes a second in all, open loop, evenly spread, for -duration:
//     the time from an append being sent to its delivery at each other device of its game;
//   - with -store postgres, a second server instance on the same database: from an
//     append sent to one instance to its delivery by the other.
//
// Usage:
//
//	go run ./tools/mailboxload [-store sqlite|postgres] [-db URL] [-dir DIR] [-games 10000]
//	    [-messages 400] [-devices 1000] [-rate 200] [-duration 60s] [-catchups 50]
//
// Without -dir the SQLite store is in a temporary directory, removed at the end; with it,
// the store is kept, and a store seeded already is not seeded again. With -store postgres
// and no -db, a throwaway cluster is started (internal/pgtest) and removed at the end.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"brass/internal/pgtest"
	"brass/mailbox"
	"brass/mailbox/pgstore"
	"brass/mailbox/sqlitestore"
)

type options struct {
	store     string
	db        string
	dir       string
	games     int
	messages  int
	devices   int
	rate      float64
	duration  time.Duration
	catchups  int
	crossRate float64
	crossFor  time.Duration
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("mailboxload: ")
	var o options
	flag.StringVar(&o.store, "store", "sqlite", "sqlite or postgres")
	flag.StringVar(&o.db, "db", "", "postgres://… URL of an empty database, or one this tool seeded (default: a throwaway cluster)")
	flag.StringVar(&o.dir, "dir", "", "SQLite store's directory, kept afterwards (default: a temporary one, removed)")
	flag.IntVar(&o.games, "games", 10000, "stored games to seed")
	flag.IntVar(&o.messages, "messages", 400, "messages of each stored game, its create and genesis included")
	flag.IntVar(&o.devices, "devices", 1000, "connected devices, three to a live game (a remainder watch the first game)")
	flag.Float64Var(&o.rate, "rate", 200, "appends a second, from all the devices together")
	flag.DurationVar(&o.duration, "duration", 60*time.Second, "how long the devices append")
	flag.IntVar(&o.catchups, "catchups", 50, "catch-ups of stored games measured on the idle server")
	flag.Float64Var(&o.crossRate, "cross-rate", 20, "appends a second across two instances (postgres)")
	flag.DurationVar(&o.crossFor, "cross-duration", 10*time.Second, "how long the cross-instance appends run (postgres)")
	flag.Parse()
	if o.store != "sqlite" && o.store != "postgres" {
		log.Fatalf("-store is sqlite or postgres, not %q", o.store)
	}
	if o.games < o.catchups || o.messages < 3 || o.devices < 3 || o.rate <= 0 {
		log.Fatal("need -games ≥ -catchups, -messages ≥ 3, -devices ≥ 3, -rate > 0")
	}
	if err := run(o); err != nil {
		log.Fatal(err)
	}
}

// loadConfig is the server's default config with the quotas that count per address raised,
// since every device here is on 127.0.0.1, and the per-game and per-creator caps raised for
// the seeded games; everything else (timings, batches, per-connection and per-key rates) is
// the default.
func loadConfig() (mailbox.Config, string) {
	c := mailbox.DefaultConfig()
	c.MaxConnsPerAddr = 100000
	c.OpensPerMinute = 1e7
	c.AppendsPerAddrSecond, c.AppendAddrBurst = 1e6, 1e6
	c.CreatesPerHour, c.CreateBurst = 1e7, 1e6
	c.Limits.GamesPerCreator = 1 << 30
	return c, "per-address quotas raised (MaxConnsPerAddr 100000, OpensPerMinute 1e7, AppendsPerAddrSecond/Burst 1e6, CreatesPerHour 1e7, CreateBurst 1e6, GamesPerCreator 2^30); per-connection and per-key quotas, timings and caps the defaults"
}

// env is what every phase needs: the store, the server on loopback and how to report.
type env struct {
	o     options
	store mailbox.Store
	url   string // ws://…/ of the server
	srv   *mailbox.Server
	close func()
	what  string // "SQLite (file …)" or "PostgreSQL (…)"
	seed  *seeder
}

func run(o options) error {
	ctx := context.Background()
	start := time.Now()
	fmt.Printf("mailboxload: %s, GOMAXPROCS %d, %s/%s; server and clients in this process, on loopback; load average at start %s\n",
		cpuName(), runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH, loadAvg())
	e := &env{o: o}
	var cleanup []func()
	defer func() {
		for _, f := range slices.Backward(cleanup) {
			f()
		}
	}()
	switch o.store {
	case "sqlite":
		dir := o.dir
		if dir == "" {
			d, err := os.MkdirTemp("", "mailboxload-")
			if err != nil {
				return err
			}
			dir = d
			cleanup = append(cleanup, func() { os.RemoveAll(d) })
		}
		path := filepath.Join(dir, "mailbox.db")
		// The store makes the schema; the seeder writes its tables with the store closed.
		st, err := sqlitestore.Open(path, sqlitestore.Options{})
		if err != nil {
			return err
		}
		st.Close()
		e.seed = &seeder{o: o, sqlitePath: path}
		e.what = "SQLite " + path
	case "postgres":
		url := o.db
		if url == "" {
			c, err := pgtest.Start()
			if err != nil {
				return err
			}
			cleanup = append(cleanup, func() {
				if err := c.Stop(); err != nil {
					log.Print(err)
				}
			})
			if err := c.Exec(ctx, "CREATE DATABASE load"); err != nil {
				return err
			}
			url = c.URL("load")
			fmt.Printf("mailboxload: a throwaway PostgreSQL cluster (internal/pgtest: fsync on, default settings) at %s\n", url)
		}
		st, err := pgstore.Open(ctx, url, pgstore.Options{})
		if err != nil {
			return err
		}
		st.Close()
		e.seed = &seeder{o: o, pgURL: url}
		e.what = "PostgreSQL " + redact(url)
	}
	if err := e.seed.run(ctx); err != nil {
		return err
	}
	srvCleanup, err := e.serve(ctx)
	if err != nil {
		return err
	}
	cleanup = append(cleanup, srvCleanup)
	if err := e.seed.verify(ctx, e.store); err != nil {
		return err
	}
	_, quotas := loadConfig()
	fmt.Printf("mailboxload: server config: %s\n", quotas)

	if err := e.catchUps(ctx); err != nil {
		return err
	}
	if err := e.live(ctx); err != nil {
		return err
	}
	if o.store == "postgres" {
		if err := e.cross(ctx); err != nil {
			return err
		}
	}
	if st, err := e.srv.Stats(ctx); err == nil {
		fmt.Printf("mailboxload: at the end the store holds %d games, %d messages, %.2f GB; the server refused %d, store errors %d, too slow %d; %s in all\n",
			st.Games, st.Messages, float64(st.Bytes)/1e9, st.Refused, st.StoreErrors, st.TooSlow, time.Since(start).Round(time.Second))
	}
	return nil
}

// serve opens the store and serves it on a loopback port.
func (e *env) serve(ctx context.Context) (func(), error) {
	st, err := e.openStore(ctx)
	if err != nil {
		return nil, err
	}
	url, srv, stop, err := serveStore(st)
	if err != nil {
		st.Close()
		return nil, err
	}
	e.store, e.url, e.srv = st, url, srv
	return func() { stop(); st.Close() }, nil
}

func (e *env) openStore(ctx context.Context) (mailbox.Store, error) {
	if e.seed.pgURL != "" {
		return pgstore.Open(ctx, e.seed.pgURL, pgstore.Options{Logf: log.Printf})
	}
	return sqlitestore.Open(e.seed.sqlitePath, sqlitestore.Options{})
}

// serveStore runs a mailbox server over st on 127.0.0.1.
func serveStore(st mailbox.Store) (string, *mailbox.Server, func(), error) {
	cfg, _ := loadConfig()
	cfg.Logf = func(f string, args ...any) { log.Printf(f, args...) }
	srv := mailbox.NewServer(st, cfg)
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return "", nil, nil, err
	}
	hs := &http.Server{Handler: srv}
	go hs.Serve(l)
	stop := func() {
		srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(ctx)
	}
	return "ws://" + l.Addr().String() + "/", srv, stop, nil
}

// loadAvg is the machine's load average over 1, 5 and 15 minutes.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func cpuName() string {
	b, _ := os.ReadFile("/proc/cpuinfo")
	for l := range strings.Lines(string(b)) {
		if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
			return fmt.Sprintf("%d × %s", runtime.NumCPU(), strings.TrimSpace(v))
		}
	}
	return fmt.Sprintf("%d CPUs", runtime.NumCPU())
}

func redact(url string) string {
	if i := strings.Index(url, "@"); i >= 0 {
		if j := strings.Index(url, "://"); j >= 0 && j < i {
			return url[:j+3] + "…" + url[i:]
		}
	}
	return url
}

// quantiles formats a sample's p50, p95, p99 and max in ms.
func quantiles(d []time.Duration) string {
	if len(d) == 0 {
		return "no samples"
	}
	slices.Sort(d)
	q := func(p float64) string {
		return ms(d[min(len(d)-1, int(p*float64(len(d))))])
	}
	return fmt.Sprintf("p50 %s, p95 %s, p99 %s, max %s ms (%d samples)", q(0.50), q(0.95), q(0.99), ms(d[len(d)-1]), len(d))
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }
