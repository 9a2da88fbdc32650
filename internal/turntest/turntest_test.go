//go:build !js

package turntest

import (
	"context"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"brass/signal"

	"github.com/pion/turn/v5"
)

// allocate asks the relay for a relayed address with the given credentials.
func allocate(t *testing.T, r Relay, user, password string) (net.Addr, error) {
	conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c, err := turn.NewClient(&turn.ClientConfig{TURNServerAddr: r.Addr, STUNServerAddr: r.Addr, Username: user, Password: password, Realm: r.Realm, Conn: conn})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.Listen(); err != nil {
		t.Fatal(err)
	}
	relay, err := c.Allocate()
	if err != nil {
		return nil, err
	}
	defer relay.Close()
	return relay.LocalAddr(), nil
}

// The harness's relay allocates a relayed address for its user, and refuses a wrong
// password.
func TestRelayAllocates(t *testing.T) {
	r := Start(t)
	alloc := func(password string) (net.Addr, error) { return allocate(t, r, r.Username, password) }
	addr, err := alloc(r.Password)
	if err != nil {
		t.Fatalf("allocation refused: %v", err)
	}
	if ua, ok := addr.(*net.UDPAddr); !ok || !ua.IP.IsLoopback() {
		t.Fatalf("relayed address %v is not on loopback", addr)
	}
	if _, err := alloc("wrong"); err == nil {
		t.Fatal("a wrong password was accepted")
	}
}

// The credentials the signalling server mints with -turn-secret are the ones coturn's
// use-auth-secret mode accepts; another secret's are refused.
func TestMintedCredentialsAreAcceptedByCoturn(t *testing.T) {
	r := StartWithSecret(t, "shared-secret")
	for _, tc := range []struct {
		secret string
		ok     bool
	}{{"shared-secret", true}, {"another-secret", false}} {
		hub := signal.NewServer(signal.Config{TURN: &signal.TURNSecret{URLs: []string{r.URL}, Secret: tc.secret}})
		hs := httptest.NewServer(hub)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		c, w, err := signal.Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http"), signal.Message{Type: signal.TypeHost, Size: 2})
		if err != nil {
			t.Fatal(err)
		}
		if len(w.ICE) != 1 || w.ICE[0].URLs[0] != r.URL {
			t.Fatalf("ICE servers handed out: %+v", w.ICE)
		}
		_, err = allocate(t, r, w.ICE[0].Username, w.ICE[0].Credential)
		if (err == nil) != tc.ok {
			t.Errorf("secret %q: allocation error %v", tc.secret, err)
		}
		c.Close()
		cancel()
		hub.Close()
		hs.Close()
	}
}
