package turntest

import (
	"net"
	"testing"

	"github.com/pion/turn/v5"
)

// The harness's relay allocates a relayed address for its user, and refuses a wrong
// password.
func TestRelayAllocates(t *testing.T) {
	r := Start(t)
	alloc := func(password string) (net.Addr, error) {
		conn, err := net.ListenPacket("udp4", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		c, err := turn.NewClient(&turn.ClientConfig{TURNServerAddr: r.Addr, STUNServerAddr: r.Addr, Username: r.Username, Password: password, Realm: r.Realm, Conn: conn})
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
