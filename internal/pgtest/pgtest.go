//go:build unix

// Package pgtest runs a real, throwaway PostgreSQL cluster on loopback for the tests of the
// PostgreSQL store, so that its SQL, locks and notifications are tested against the engine
// itself. The test command installs PostgreSQL (`make test`, through `make test-deps`, which
// runs tools/ensure-postgres.sh); where it is missing or cannot start, the tests that need it
// fail with a message saying how to get it: they are never skipped.
//
// A cluster takes seconds to start, so a test binary has one: its TestMain calls Main, the
// first NewDatabase starts the cluster, and Main stops it and removes its files after the
// tests. Each NewDatabase is a fresh, empty database of that cluster.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// howToGet says how to install PostgreSQL, for a test that cannot run without it.
const howToGet = "these tests need a real PostgreSQL: run `make test-deps` (tools/ensure-postgres.sh), " +
	"or `apt-get install postgresql`, so that initdb and postgres are on PATH or under /usr/lib/postgresql/*/bin"

var (
	mu      sync.Mutex
	inMain  bool     // Main is running the tests, and will stop the cluster after them
	cluster *Cluster // started by the first NewDatabase
	failed  error    // why the cluster could not start; every later NewDatabase fails with it
	dbs     int      // databases made, for their names
)

// Main runs a package's tests (call it from TestMain) and then stops the cluster, if any
// test started one, and removes its files, whatever the tests did.
func Main(m *testing.M) {
	mu.Lock()
	inMain = true
	mu.Unlock()
	code := m.Run()
	mu.Lock()
	if cluster != nil {
		if err := cluster.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
			if code == 0 {
				code = 1
			}
		}
		cluster = nil
	}
	mu.Unlock()
	os.Exit(code)
}

// NewDatabase creates an empty database on the test binary's cluster, starting the cluster
// the first time, and returns its postgres:// URL; the database is dropped when the test
// ends (with FORCE, so a connection the test left open does not keep it).
func NewDatabase(t testing.TB) string {
	t.Helper()
	c := shared(t)
	mu.Lock()
	dbs++
	name := "test_" + strconv.Itoa(dbs)
	mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: creating a database: %v", err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if err := c.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("pgtest: dropping database %s: %v", name, err)
		}
	})
	return c.URL(name)
}

// shared is the test binary's cluster, started on first use.
func shared(t testing.TB) *Cluster {
	t.Helper()
	mu.Lock()
	defer mu.Unlock()
	if !inMain {
		t.Fatal("pgtest: the package's TestMain must call pgtest.Main(m), which stops the cluster after the tests")
	}
	if cluster == nil && failed == nil {
		cluster, failed = Start()
	}
	if failed != nil {
		t.Fatalf("pgtest: %v", failed)
	}
	return cluster
}

// Cluster is a running PostgreSQL server on loopback with its own data directory.
type Cluster struct {
	Port   int
	dir    string // removed at Stop: the data, the socket and the log
	cmd    *exec.Cmd
	exited chan struct{}
	log    string

	adminMu sync.Mutex
	admin   *pgx.Conn // Exec's connection
}

// Start initializes a cluster in a new temporary directory and runs its server on a free
// loopback port (and a unix socket in that directory) until Stop. It runs as the user
// `postgres` when the test runs as root, since PostgreSQL refuses to run as root.
func Start() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := serverUser()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, fmt.Errorf("making the cluster's directory: %w", err)
	}
	c := &Cluster{dir: dir, log: filepath.Join(dir, "postgres.log")}
	if err := c.start(bin, cred); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

func (c *Cluster) start(bin string, cred *syscall.Credential) error {
	if cred != nil {
		if err := os.Chown(c.dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return fmt.Errorf("giving the cluster's directory to the postgres user: %w", err)
		}
	}
	data := filepath.Join(c.dir, "data")
	// --no-sync: initdb's own final sync is for a cluster that must survive a crash of the
	// machine, which a throwaway one need not; the server itself runs with fsync on.
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = procAttr(cred)
	if out, err := initdb.CombinedOutput(); err != nil {
		return fmt.Errorf("initdb (%s) failed: %v:\n%s\n%s", bin, err, out, howToGet)
	}
	// The port is free when picked and taken a moment later: another process may take it in
	// between, so a server that cannot bind is started again on another.
	var err error
	for range 3 {
		if err = c.run(bin, cred, data); err == nil {
			return nil
		}
	}
	return err
}

// run starts the server on a free port and waits until it accepts connections.
func (c *Cluster) run(bin string, cred *syscall.Credential, data string) error {
	port, err := freePort()
	if err != nil {
		return err
	}
	logf, err := os.Create(c.log)
	if err != nil {
		return fmt.Errorf("making the server's log: %w", err)
	}
	defer logf.Close()
	cmd := exec.Command(filepath.Join(bin, "postgres"), "-D", data,
		"-c", "listen_addresses=127.0.0.1", "-p", strconv.Itoa(port),
		"-c", "unix_socket_directories="+c.dir,
		"-c", "fsync=on", "-c", "max_connections=200",
		"-c", "log_min_messages=warning")
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = procAttr(cred)
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("postgres (%s) cannot start: %v; %s", bin, err, howToGet)
	}
	c.Port, c.cmd, c.exited = port, cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); close(c.exited) }()
	deadline := time.Now().Add(30 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := c.Exec(ctx, "SELECT 1")
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-c.exited:
			return fmt.Errorf("postgres exited at start:\n%s", c.logTail())
		default:
		}
		if time.Now().After(deadline) {
			_ = c.Stop()
			return fmt.Errorf("postgres did not accept connections on 127.0.0.1:%d within 30 s (%v):\n%s", port, err, c.logTail())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// URL is the postgres:// URL of one of the cluster's databases, over TCP on loopback.
func (c *Cluster) URL(database string) string {
	u := url.URL{Scheme: "postgres", User: url.User("postgres"), Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(c.Port)),
		Path: "/" + database, RawQuery: "sslmode=disable"}
	return u.String()
}

// Exec runs one statement on the cluster's postgres database, as its superuser, on a
// connection kept for the next (connecting costs a server process each time).
func (c *Cluster) Exec(ctx context.Context, sql string) error {
	c.adminMu.Lock()
	defer c.adminMu.Unlock()
	if c.admin == nil || c.admin.IsClosed() {
		conn, err := pgx.Connect(ctx, c.URL("postgres"))
		if err != nil {
			return err
		}
		c.admin = conn
	}
	_, err := c.admin.Exec(ctx, sql)
	return err
}

// Stop shuts the server down (fast: it disconnects the clients) and removes the cluster's
// directory.
func (c *Cluster) Stop() error {
	var err error
	c.adminMu.Lock()
	if c.admin != nil {
		_ = c.admin.Close(context.Background())
		c.admin = nil
	}
	c.adminMu.Unlock()
	if c.cmd != nil {
		select {
		case <-c.exited:
		default:
			_ = c.cmd.Process.Signal(syscall.SIGINT)
			select {
			case <-c.exited:
			case <-time.After(30 * time.Second):
				_ = c.cmd.Process.Kill()
				<-c.exited
				err = fmt.Errorf("postgres did not shut down within 30 s and was killed:\n%s", c.logTail())
			}
		}
	}
	if rmErr := os.RemoveAll(c.dir); rmErr != nil && err == nil {
		err = fmt.Errorf("removing the cluster's directory: %w", rmErr)
	}
	return err
}

// logTail is the end of the server's log, for an error message.
func (c *Cluster) logTail() string {
	b, _ := os.ReadFile(c.log)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return string(b)
}

// binDir finds PostgreSQL's server programs: on PATH, or else Debian's newest
// /usr/lib/postgresql/VERSION/bin.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
		}
	}
	found, _ := filepath.Glob("/usr/lib/postgresql/*/bin/initdb")
	sort.Slice(found, func(i, j int) bool { return version(found[i]) > version(found[j]) })
	for _, p := range found {
		dir := filepath.Dir(p)
		if _, err := os.Stat(filepath.Join(dir, "postgres")); err == nil {
			return dir, nil
		}
	}
	return "", errors.New("PostgreSQL's initdb and postgres are not installed: " + howToGet)
}

// version is the major version in a path /usr/lib/postgresql/VERSION/bin/initdb.
func version(p string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(filepath.Dir(p))))
	return v
}

// serverUser is who the server runs as: nil for the test's own user, or the user postgres
// when the test runs as root.
func serverUser() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("postgres")
	if err != nil {
		return nil, errors.New("PostgreSQL refuses to run as root, and there is no user postgres to run it as " +
			"(Debian's postgresql package creates it): " + howToGet)
	}
	uid, err1 := strconv.ParseUint(u.Uid, 10, 32)
	gid, err2 := strconv.ParseUint(u.Gid, 10, 32)
	if err1 != nil || err2 != nil {
		return nil, fmt.Errorf("the user postgres has uid %q and gid %q, which are not numbers", u.Uid, u.Gid)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
}

// freePort is a loopback TCP port that nothing listens on now.
func freePort() (int, error) {
	l, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("finding a free loopback port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
