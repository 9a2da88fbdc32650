//go:build !js

package signal

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/coder/websocket"
)

// A member already in the room offers to a newcomer as soon as it hears of it. That offer
// must not reach the newcomer before its welcome: the client takes the first message for
// the welcome, and gives up the connection otherwise. The test plays the interleaving that
// once let it through: the newcomer enters, and a member relays to it before the goroutine
// serving the newcomer has run again.
func TestWelcomeComesBeforeAnyRelay(t *testing.T) {
	s := NewServer(Config{})
	defer s.Close()
	host, _, e := s.enter(Message{Type: TypeHost, Size: 3}, "192.0.2.1", nil)
	if e != nil {
		t.Fatal(e)
	}
	guest, _, e := s.enter(Message{Type: TypeJoin, Room: host.room.code}, "192.0.2.2", nil)
	if e != nil {
		t.Fatal(e)
	}
	s.relay(host, Message{Type: TypeSignal, To: guest.id, Data: json.RawMessage(`{"sdp":{}}`)})
	var types []string
	for len(guest.send) > 0 {
		var m Message
		if err := json.Unmarshal(<-guest.send, &m); err != nil {
			t.Fatal(err)
		}
		types = append(types, m.Type)
	}
	if strings.Join(types, ",") != TypeWelcome+","+TypeSignal {
		t.Fatalf("the newcomer's messages: %v, want its welcome, then the signal", types)
	}
}

// A client whose entry fails (here the server answers with something other than a welcome)
// closes its connection with a status the browser's WebSocket.close accepts (1000). It used
// CloseNow, whose 1001 the browser refuses: the socket stayed open and its member kept a seat.
func TestFailedEntryClosesWithABrowserStatus(t *testing.T) {
	closed := make(chan websocket.StatusCode, 1)
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		ctx := r.Context()
		if _, _, err := c.Read(ctx); err != nil { // the hello
			closed <- -1
			return
		}
		b, _ := json.Marshal(Message{Type: TypeSignal, From: "p1", Data: json.RawMessage(`{}`)})
		_ = c.Write(ctx, websocket.MessageText, b)
		_, _, err = c.Read(ctx)
		closed <- websocket.CloseStatus(err)
	}))
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10e9)
	defer cancel()
	_, _, err := Dial(ctx, "ws"+strings.TrimPrefix(hs.URL, "http"), Message{Type: TypeJoin, Room: "ABCDEFGH"})
	var se *Error
	if err == nil || errors.As(err, &se) {
		t.Fatalf("dial: %v, want the client's own error for a missing welcome", err)
	}
	if got := <-closed; got != websocket.StatusNormalClosure {
		t.Fatalf("the client closed with status %d, want 1000", got)
	}
}
