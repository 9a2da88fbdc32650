// Package turntest runs a real TURN relay (coturn's turnserver) on loopback for the online
// tests, so that the relay path and the ICE-server configuration are tested for real. The
// test command installs coturn (`make test`, through `make test-deps`, which runs
// tools/ensure-coturn.sh); where it is missing or cannot start, the tests that need it fail
// with a message saying how to get it: they are never skipped.
package turntest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// Relay is a running TURN server.
type Relay struct {
	URL      string // turn:127.0.0.1:PORT?transport=udp
	Addr     string // 127.0.0.1:PORT
	Username string
	Password string
	Realm    string
}

// Start runs turnserver on free loopback ports until the test ends, with one static user
// (long-term credentials), or fails the test when coturn is not installed or cannot start.
func Start(t testing.TB) Relay { return start(t, "") }

// StartWithSecret runs turnserver in coturn's use-auth-secret mode: it accepts credentials
// minted from secret (username "expiry:name", credential base64 HMAC-SHA1), as the signalling
// server hands them out with -turn-secret.
func StartWithSecret(t testing.TB, secret string) Relay { return start(t, secret) }

// howToGet says how to install coturn, for a test that cannot run without it.
const howToGet = "this test needs a real TURN relay: run `make test-deps` (tools/ensure-coturn.sh), " +
	"or `apt-get install coturn`, so that turnserver is on PATH"

func start(t testing.TB, secret string) Relay {
	t.Helper()
	bin, err := exec.LookPath("turnserver")
	if err != nil {
		t.Fatal("coturn's turnserver is not installed: " + howToGet)
	}
	port := freeUDPPort(t)
	relayFrom := 40000 + (port % 20000)
	if relayFrom > 65000 {
		relayFrom = 45000
	}
	r := Relay{Addr: "127.0.0.1:" + strconv.Itoa(port), Username: "brass", Password: "brass-test", Realm: "brass.test"}
	r.URL = "turn:" + r.Addr + "?transport=udp"
	auth := "lt-cred-mech\nuser=" + r.Username + ":" + r.Password
	if secret != "" {
		auth = "use-auth-secret\nstatic-auth-secret=" + secret
		r.Username, r.Password = "", ""
	}
	dir := t.TempDir()
	conf := fmt.Sprintf(`listening-ip=127.0.0.1
listening-port=%d
relay-ip=127.0.0.1
min-port=%d
max-port=%d
realm=%s
%s
allow-loopback-peers
no-multicast-peers
no-cli
no-tls
no-dtls
no-tcp-relay
fingerprint
pidfile=%s
log-file=stdout
simple-log
`, port, relayFrom, relayFrom+200, r.Realm, auth, filepath.Join(dir, "turnserver.pid"))
	confPath := filepath.Join(dir, "turnserver.conf")
	if err := os.WriteFile(confPath, []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	cmd := exec.Command(bin, "-c", confPath)
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("turnserver (%s) cannot start: %v; %s", bin, err, howToGet)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	// Ready when it answers a STUN binding request.
	deadline := time.Now().Add(10 * time.Second)
	for !answersSTUN(r.Addr) {
		select {
		case <-exited:
			t.Fatalf("turnserver exited at start:\n%s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("turnserver did not answer on %s:\n%s", r.Addr, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
	return r
}

func freeUDPPort(t testing.TB) int {
	c, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.LocalAddr().(*net.UDPAddr).Port
}

// answersSTUN sends a STUN binding request and waits briefly for any answer.
func answersSTUN(addr string) bool {
	c, err := net.Dial("udp4", addr)
	if err != nil {
		return false
	}
	defer c.Close()
	// A binding request: type 0x0001, length 0, magic cookie, 12-byte transaction id.
	req := []byte{0x00, 0x01, 0x00, 0x00, 0x21, 0x12, 0xa4, 0x42, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	if _, err := c.Write(req); err != nil {
		return false
	}
	_ = c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
	buf := make([]byte, 512)
	n, err := c.Read(buf)
	return err == nil && n >= 20 && buf[0] == 0x01 && buf[1] == 0x01
}
