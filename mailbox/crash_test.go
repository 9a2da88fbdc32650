//go:build unix

package mailbox_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"brass/internal/pgtest"
	"brass/mailbox"
	"brass/mailbox/pgstore"
	"brass/mailbox/sqlitestore"
)

// The crash loop runs the server as a separate process, this test binary run again: with
// one of these set, init serves the mailbox on 127.0.0.1:0 over that store, prints its
// address on stdout, and never returns to the tests. The test kills it with SIGKILL.
const (
	crashSQLiteEnv = "BRASS_MAILBOX_CRASH_SERVER" // the SQLite store's data directory
	crashPGEnv     = "BRASS_MAILBOX_CRASH_PG"     // a PostgreSQL URL
)

var (
	crashKills = flag.Int("crash-kills", 8, "times the crash loop kills the server (make mailbox-crash: 100)")
	crashSeed  = flag.Uint64("crash-seed", 0, "seed of the crash loop's kill moments (0: from the clock; the test logs it)")
)

// init is the re-executed server; TestMain belongs to main_test.go, and init runs first.
func init() {
	dir, url := os.Getenv(crashSQLiteEnv), os.Getenv(crashPGEnv)
	if dir == "" && url == "" {
		return
	}
	err := crashServe(dir, url)
	fmt.Fprintln(os.Stderr, "crash server:", err)
	os.Exit(1)
}

func crashServe(dir, url string) error {
	store, err := crashOpenStore(dir, url)
	if err != nil {
		return err
	}
	srv := mailbox.NewServer(store, unmeteredConfig())
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Println(l.Addr().String())
	return http.Serve(l, srv)
}

func crashOpenStore(dir, url string) (mailbox.Store, error) {
	if url != "" {
		return pgstore.Open(context.Background(), url, pgstore.Options{Logf: func(string, ...any) {}})
	}
	return sqlitestore.Open(filepath.Join(dir, "mailbox.db"), sqlitestore.Options{})
}

// TestCrashLoopSQLite: kill -9 of the server in the middle of appends, many times, with
// clients retrying: no acknowledged message lost, none twice, the log the same on every read.
func TestCrashLoopSQLite(t *testing.T) {
	dir := t.TempDir()
	runCrashLoop(t, crashSQLiteEnv+"="+dir, func() (mailbox.Store, error) { return crashOpenStore(dir, "") })
}

// TestCrashLoopPostgres is the same loop with the server processes over PostgreSQL, which
// stays up: what a killed instance had in flight is rolled back or committed whole.
func TestCrashLoopPostgres(t *testing.T) {
	c, err := pgtest.Start()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.Exec(ctx, "CREATE DATABASE crash"); err != nil {
		t.Fatal(err)
	}
	url := c.URL("crash")
	runCrashLoop(t, crashPGEnv+"="+url, func() (mailbox.Store, error) { return crashOpenStore("", url) })
}

const (
	crashGames   = 4
	crashSeats   = 3 // one client per seat
	crashWindow  = 4 // appends a client has posted and not seen answered, at most
	crashMinAcks = 30
)

// crashSent is one envelope a client made, as it sends it every time (same nonce, same
// bytes), and the number it was acknowledged with.
type crashSent struct {
	env   mailbox.Envelope
	bytes []byte // as the server stores it
	n     int64  // 0 until acknowledged
}

// crashServer is the server process of the moment.
type crashServer struct {
	t    *testing.T
	env  string
	log  string
	mu   sync.Mutex
	cmd  *exec.Cmd
	addr atomic.Pointer[string]
}

func (s *crashServer) url() string { return "ws://" + *s.addr.Load() }

// start runs the server and waits for its address.
func (s *crashServer) start() {
	s.t.Helper()
	exe, err := os.Executable()
	if err != nil {
		s.t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), s.env)
	logf, err := os.OpenFile(s.log, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		s.t.Fatal(err)
	}
	defer logf.Close()
	cmd.Stderr = logf
	out, err := cmd.StdoutPipe()
	if err != nil {
		s.t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(out).ReadString('\n')
		line <- strings.TrimSpace(l)
	}()
	select {
	case l := <-line:
		if l == "" {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			b, _ := os.ReadFile(s.log)
			s.t.Fatalf("the server process ended without an address:\n%s", b)
		}
		s.addr.Store(&l)
	case <-time.After(30 * time.Second):
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		s.t.Fatal("the server process printed no address within 30 s")
	}
	s.mu.Lock()
	s.cmd = cmd
	s.mu.Unlock()
}

// kill sends SIGKILL and reaps the process.
func (s *crashServer) kill() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	if err := syscall.Kill(s.cmd.Process.Pid, syscall.SIGKILL); err != nil {
		s.t.Fatal(err)
	}
	_ = s.cmd.Wait()
	s.cmd = nil
}

// crashClient is one seat's device: it appends continuously, up to crashWindow at once,
// and sends each envelope again, unchanged, until it is acknowledged, reconnecting as it must.
type crashClient struct {
	g     *keyedGame
	seat  int
	sent  []*crashSent // in the order made
	acked int          // sent[:acked] are acknowledged
	after int64        // the last message delivered to it
	// viaDup counts envelopes whose first acknowledgement was a Dup: stored before a kill,
	// their ack lost with the server.
	viaDup int
}

// crashRun is the state the clients share with the test.
type crashRun struct {
	t        *testing.T
	srv      *crashServer
	stop     atomic.Bool
	inflight atomic.Int64 // posted, not answered
	acks     atomic.Int64
	failures atomic.Int64 // errors found by the clients (reported through t.Errorf)
	mu       sync.Mutex
	seen     []map[int64]string // per game: number → signature, as delivered to any client
}

func (r *crashRun) errorf(format string, args ...any) {
	r.failures.Add(1)
	r.t.Errorf(format, args...)
}

// retryable is what a client waits out by reconnecting: a lost connection, a server that
// is starting or unavailable. A refusal of the envelope itself is a failure.
func retryable(err error) bool {
	var e *mailbox.Error
	if !errors.As(err, &e) {
		return true
	}
	switch e.Code {
	case mailbox.CodeUnavailable, mailbox.CodeShutdown, mailbox.CodeTooSlow, mailbox.CodeTimeout:
		return true
	}
	return false
}

// dial connects until it succeeds or the run is over (a server being killed and
// restarted refuses for a while).
func (r *crashRun) dial(open mailbox.Frame, deadline time.Time) (*mailbox.Conn, error) {
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := mailbox.Dial(ctx, r.srv.url(), open)
		cancel()
		if err == nil {
			return c, nil
		}
		if !retryable(err) || time.Now().After(deadline) {
			return nil, err
		}
		time.Sleep(time.Duration(2+mrand.IntN(10)) * time.Millisecond)
	}
}

// setUp creates a game and appends its genesis, retrying like the clients.
func (r *crashRun) setUp(g *keyedGame) {
	create, genesis := g.create(r.t), g.genesis(r.t)
	deadline := time.Now().Add(time.Minute)
	for {
		c, err := r.dial(mailbox.Frame{Game: g.id, Create: create}, deadline)
		if err != nil {
			r.t.Fatalf("creating game %s: %v", g.id, err)
		}
		go func() {
			for range c.Deliveries() {
			}
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		a, err := c.Append(ctx, genesis)
		cancel()
		c.Close()
		if err == nil {
			if a.N != 2 {
				r.t.Fatalf("the genesis of game %s is message %d, want 2", g.id, a.N)
			}
			return
		}
		if !retryable(err) || time.Now().After(deadline) {
			r.t.Fatalf("appending the genesis of game %s: %v", g.id, err)
		}
	}
}

// client runs one device until the run stops and all it made is acknowledged.
func (r *crashRun) client(cl *crashClient, gi int) {
	deadline := func() time.Time { return time.Now().Add(2 * time.Minute) }
	probe := -1 // an acknowledged envelope to send again on the next connection
	for {
		if r.stop.Load() && cl.acked == len(cl.sent) {
			return
		}
		c, err := r.dial(mailbox.Frame{Game: cl.g.id, After: cl.after}, deadline())
		if err != nil {
			r.errorf("seat %d of game %d cannot connect: %v", cl.seat, gi, err)
			return
		}
		drained := make(chan struct{})
		go r.drain(cl, gi, c, drained)
		ok := r.session(cl, c, probe)
		c.Close()
		<-drained
		if !ok {
			return
		}
		if cl.acked > 0 {
			probe = cl.acked - 1
		}
	}
}

type crashPosted struct {
	i     int // index in cl.sent
	probe bool
	wait  func(context.Context) (mailbox.Appended, error)
}

// session posts on one connection until it breaks (true: reconnect) or a failure (false).
// It first sends again what is unacknowledged, in order, then the probe, then new envelopes.
func (r *crashRun) session(cl *crashClient, c *mailbox.Conn, probe int) bool {
	ctx := context.Background()
	var out []crashPosted
	defer func() { r.inflight.Add(-int64(len(out))) }()
	post := func(i int, isProbe bool) bool {
		wait, err := c.Post(ctx, cl.sent[i].env)
		if err != nil {
			return false
		}
		r.inflight.Add(1)
		out = append(out, crashPosted{i: i, probe: isProbe, wait: wait})
		return true
	}
	next := cl.acked // the next envelope to post for the first time on this connection
	if probe >= 0 && !post(probe, true) {
		return true
	}
	for {
		for len(out) < crashWindow {
			if next == len(cl.sent) {
				if r.stop.Load() {
					break
				}
				e := cl.g.move(r.t, cl.seat, 40+mrand.IntN(200))
				b, _ := json.Marshal(&e)
				cl.sent = append(cl.sent, &crashSent{env: e, bytes: b})
			}
			if !post(next, false) {
				return true
			}
			next++
		}
		if len(out) == 0 {
			return true // all acknowledged and the run is stopping: the loop returns
		}
		wctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		a, err := out[0].wait(wctx)
		cancel()
		p := out[0]
		out = out[1:]
		r.inflight.Add(-1)
		s := cl.sent[p.i]
		switch {
		case err != nil && errors.Is(err, context.DeadlineExceeded):
			r.errorf("seat %d: an append went unanswered for 30 s", cl.seat)
			return false
		case err != nil && retryable(err):
			return true
		case err != nil:
			r.errorf("seat %d: envelope %d refused: %v", cl.seat, p.i, err)
			return false
		case p.probe:
			if !a.Dup || a.N != s.n {
				r.errorf("seat %d: envelope %d, acknowledged as message %d, sent again was answered %+v", cl.seat, p.i, s.n, a)
				return false
			}
		default:
			if p.i != cl.acked {
				r.errorf("seat %d: ack for envelope %d while %d is unacknowledged", cl.seat, p.i, cl.acked)
				return false
			}
			if cl.acked > 0 && a.N <= cl.sent[cl.acked-1].n {
				r.errorf("seat %d: envelope %d acknowledged as message %d, after its previous as %d: the device's order broke",
					cl.seat, p.i, a.N, cl.sent[cl.acked-1].n)
				return false
			}
			s.n = a.N
			if a.Dup {
				cl.viaDup++
			}
			cl.acked++
			r.acks.Add(1)
		}
	}
}

// drain reads a connection's deliveries: numbers follow one another from the open's, and
// what any client was delivered at a number is what every other was.
func (r *crashRun) drain(cl *crashClient, gi int, c *mailbox.Conn, done chan<- struct{}) {
	defer close(done)
	broken := false // after a failure it only drains, so that the acks still come
	for d := range c.Deliveries() {
		if d.Live || broken {
			continue
		}
		if d.N != cl.after+1 {
			r.errorf("game %d seat %d: delivered message %d after %d", gi, cl.seat, d.N, cl.after)
			broken = true
			continue
		}
		cl.after = d.N
		r.mu.Lock()
		if prev, ok := r.seen[gi][d.N]; ok && prev != d.Env.Sig {
			r.errorf("game %d: message %d delivered as two different envelopes", gi, d.N)
		}
		r.seen[gi][d.N] = d.Env.Sig
		r.mu.Unlock()
	}
}

// readLogWS reads a game's whole log through a connection, as a device catching up does:
// each message's number and its envelope's JSON (which is what the server stores).
func readLogWS(t *testing.T, url, game string) []mailbox.Stored {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c, err := mailbox.Dial(ctx, url, mailbox.Frame{Game: game})
	if err != nil {
		t.Fatalf("reading game %s: %v", game, err)
	}
	defer c.Close()
	var log []mailbox.Stored
	for {
		select {
		case d, ok := <-c.Deliveries():
			if !ok {
				t.Fatalf("reading game %s: the connection ended: %v", game, c.Err())
			}
			if d.Live {
				return log
			}
			b, err := json.Marshal(&d.Env)
			if err != nil {
				t.Fatal(err)
			}
			log = append(log, mailbox.Stored{N: d.N, To: d.Env.To, Env: b})
		case <-ctx.Done():
			t.Fatalf("reading game %s: no live frame within 30 s", game)
		}
	}
}

// readLogStore reads a game's whole log from the store itself, the server being down.
func readLogStore(t *testing.T, open func() (mailbox.Store, error), games []*keyedGame) [][]mailbox.Stored {
	t.Helper()
	st, err := open()
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var logs [][]mailbox.Stored
	for _, g := range games {
		var log []mailbox.Stored
		for {
			msgs, err := st.Read(context.Background(), g.id, int64(len(log)), 1000)
			if err != nil {
				t.Fatal(err)
			}
			if len(msgs) == 0 {
				break
			}
			log = append(log, msgs...)
		}
		logs = append(logs, log)
	}
	return logs
}

func sameLogs(a, b []mailbox.Stored) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].N != b[i].N || a[i].To != b[i].To || !bytes.Equal(a[i].Env, b[i].Env) {
			return false
		}
	}
	return true
}

func runCrashLoop(t *testing.T, serverEnv string, openStore func() (mailbox.Store, error)) {
	seed := *crashSeed
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	rng := mrand.New(mrand.NewPCG(seed, 0))
	t.Logf("crash loop: %d kills, seed %d (-crash-seed to replay the kill moments)", *crashKills, seed)
	srv := &crashServer{t: t, env: serverEnv, log: filepath.Join(t.TempDir(), "server.log")}
	srv.start()
	t.Cleanup(srv.kill)
	r := &crashRun{t: t, srv: srv}

	var games []*keyedGame
	for range crashGames {
		g := newKeyedGame(t, crashSeats)
		r.setUp(g)
		games = append(games, g)
		r.seen = append(r.seen, map[int64]string{})
	}
	var clients []*crashClient
	var wg sync.WaitGroup
	for gi, g := range games {
		for seat := range crashSeats {
			cl := &crashClient{g: g, seat: seat, after: 2}
			clients = append(clients, cl)
			wg.Go(func() { r.client(cl, gi) })
		}
	}

	// Each kill waits for the restarted server to acknowledge some appends, then lands at a
	// random moment of the next 30 ms.
	inflight := make([]int64, 0, *crashKills)
	for k := 0; k < *crashKills && r.failures.Load() == 0; k++ {
		base := r.acks.Load()
		deadline := time.Now().Add(30 * time.Second)
		for r.acks.Load() < base+crashMinAcks && r.failures.Load() == 0 {
			if time.Now().After(deadline) {
				t.Fatalf("kill %d: the restarted server acknowledged %d appends in 30 s", k, r.acks.Load()-base)
			}
			time.Sleep(time.Millisecond)
		}
		time.Sleep(time.Duration(rng.IntN(30_000)) * time.Microsecond)
		inflight = append(inflight, r.inflight.Load())
		srv.kill()
		srv.start()
	}
	r.stop.Store(true)
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	select {
	case <-finished:
	case <-time.After(3 * time.Minute):
		t.Fatal("the clients did not get their last appends acknowledged within 3 minutes")
	}
	if r.failures.Load() > 0 {
		return
	}

	interrupted, sent, viaDup := 0, 0, 0
	least, most := int64(-1), int64(0)
	for _, n := range inflight {
		if n > 0 {
			interrupted++
		}
		if least < 0 || n < least {
			least = n
		}
		most = max(most, n)
	}
	for _, cl := range clients {
		sent += len(cl.sent)
		viaDup += cl.viaDup
	}
	t.Logf("%d kills, %d of them with appends in flight (%d to %d at a kill); %d envelopes acknowledged, %d of them first as a Dup (stored, the ack lost in a kill)",
		len(inflight), interrupted, least, most, sent, viaDup)
	if interrupted < (len(inflight)+1)/2 {
		t.Errorf("only %d of %d kills found appends in flight: the loop did not kill the server mid-append", interrupted, len(inflight))
	}

	// The log: read twice through the server, once more after another restart, and from the
	// store itself with the server down; all four the same, byte for byte.
	var reads [][][]mailbox.Stored
	readAll := func() {
		var logs [][]mailbox.Stored
		for _, g := range games {
			logs = append(logs, readLogWS(t, srv.url(), g.id))
		}
		reads = append(reads, logs)
	}
	readAll()
	readAll()
	srv.kill()
	srv.start()
	readAll()
	srv.kill()
	reads = append(reads, readLogStore(t, openStore, games))
	for ri := 1; ri < len(reads); ri++ {
		for gi := range games {
			if !sameLogs(reads[0][gi], reads[ri][gi]) {
				t.Errorf("game %d: read %d of the log (%d messages) differs from read 1 (%d messages)", gi, ri+1, len(reads[ri][gi]), len(reads[0][gi]))
			}
		}
	}

	log := reads[len(reads)-1]
	for gi, g := range games {
		checkCrashLog(t, gi, g, log[gi], clients, r.seen[gi])
	}
}

// checkCrashLog checks one game's log against what its clients were acknowledged and
// delivered: numbers 1..head with no gap, create and genesis first, every acknowledged
// envelope once at its number with its bytes, nothing else, no signer and nonce twice.
func checkCrashLog(t *testing.T, gi int, g *keyedGame, log []mailbox.Stored, clients []*crashClient, seen map[int64]string) {
	t.Helper()
	type key struct{ signer, nonce string }
	byKey := map[key]mailbox.Stored{}
	sigs := map[int64]string{}
	for i, m := range log {
		if m.N != int64(i+1) {
			t.Errorf("game %d: message %d of the log is numbered %d", gi, i+1, m.N)
			return
		}
		var e mailbox.Envelope
		if err := json.Unmarshal(m.Env, &e); err != nil || !e.Verify() || e.Game != g.id {
			t.Errorf("game %d: message %d is not an envelope of the game signed by its key (%v)", gi, m.N, err)
			continue
		}
		k := key{e.Key, e.Nonce}
		if prev, ok := byKey[k]; ok {
			t.Errorf("game %d: messages %d and %d have the same signer and nonce", gi, prev.N, m.N)
		}
		byKey[k] = m
		sigs[m.N] = e.Sig
		switch {
		case m.N == 1 && e.Kind != mailbox.KindCreate, m.N == 2 && e.Kind != mailbox.KindGenesis, m.N > 2 && e.Kind != mailbox.KindGame:
			t.Errorf("game %d: message %d is a %s envelope", gi, m.N, e.Kind)
		}
	}
	want := 2
	for _, cl := range clients {
		if cl.g != g {
			continue
		}
		want += len(cl.sent)
		for i, s := range cl.sent {
			m, ok := byKey[key{s.env.Key, s.env.Nonce}]
			switch {
			case s.n == 0:
				t.Errorf("game %d seat %d: envelope %d was never acknowledged", gi, cl.seat, i)
			case !ok:
				t.Errorf("game %d seat %d: envelope %d, acknowledged as message %d, is not in the log", gi, cl.seat, i, s.n)
			case m.N != s.n:
				t.Errorf("game %d seat %d: envelope %d, acknowledged as message %d, is in the log as %d", gi, cl.seat, i, s.n, m.N)
			case !bytes.Equal(m.Env, s.bytes):
				t.Errorf("game %d seat %d: envelope %d is in the log with other bytes", gi, cl.seat, i)
			}
		}
	}
	if len(log) != want {
		t.Errorf("game %d: the log has %d messages; its clients made %d envelopes and the create and genesis", gi, len(log), want-2)
	}
	for n, sig := range seen {
		if sigs[n] != sig {
			t.Errorf("game %d: message %d was delivered as another envelope than the log's", gi, n)
		}
	}
}
