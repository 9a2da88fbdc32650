//go:build js

package mesh

import (
	"errors"
	"fmt"
	"syscall/js"
)

// Tuner is native only (pion's settings); the browser chooses its own candidates.
type Tuner func()

// rtc makes the browser's RTCPeerConnections.
type rtc struct{ cfg Config }

func newRTC(cfg Config) *rtc { return &rtc{cfg: cfg} }

func (r *rtc) newConn() (c conn, err error) {
	defer catch(&err)
	servers := make([]any, 0, len(r.cfg.ICEServers))
	for _, s := range r.cfg.ICEServers {
		urls := make([]any, len(s.URLs))
		for i, u := range s.URLs {
			urls[i] = u
		}
		o := map[string]any{"urls": urls}
		if s.Username != "" {
			o["username"], o["credential"] = s.Username, s.Credential
		}
		servers = append(servers, o)
	}
	cfg := map[string]any{"iceServers": servers}
	if r.cfg.RelayOnly {
		cfg["iceTransportPolicy"] = "relay"
	}
	pc := js.Global().Get("RTCPeerConnection").New(cfg)
	return &jsConn{pc: pc}, nil
}

// catch turns a JavaScript exception (a panic in syscall/js) into an error.
func catch(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("webrtc: %v", r)
	}
}

// await waits for a promise. It must not run on the page's event loop (a callback), which
// has to turn for the promise to settle: the mesh calls it from its own goroutines.
func await(p js.Value) (js.Value, error) {
	type result struct {
		v   js.Value
		err error
	}
	done := make(chan result, 1)
	ok := js.FuncOf(func(_ js.Value, args []js.Value) any {
		v := js.Undefined()
		if len(args) > 0 {
			v = args[0]
		}
		done <- result{v: v}
		return nil
	})
	fail := js.FuncOf(func(_ js.Value, args []js.Value) any {
		msg := "failed"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		done <- result{err: errors.New(msg)}
		return nil
	})
	defer ok.Release()
	defer fail.Release()
	p.Call("then", ok, fail)
	r := <-done
	return r.v, r.err
}

// jsConn is an RTCPeerConnection and the Go functions it holds (released on Close).
type jsConn struct {
	pc    js.Value
	funcs []js.Func
}

// on sets a handler property (onicecandidate, …) to f.
func on(v js.Value, prop string, funcs *[]js.Func, f func(js.Value)) {
	fn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		f(args[0])
		return nil
	})
	*funcs = append(*funcs, fn)
	v.Set(prop, fn)
}

func (c *jsConn) OnCandidate(f func(Candidate)) {
	on(c.pc, "onicecandidate", &c.funcs, func(e js.Value) {
		ic := e.Get("candidate")
		if ic.IsNull() || ic.IsUndefined() {
			return
		}
		ca := Candidate{Candidate: ic.Get("candidate").String()}
		if mid := ic.Get("sdpMid"); mid.Type() == js.TypeString {
			s := mid.String()
			ca.SDPMid = &s
		}
		if idx := ic.Get("sdpMLineIndex"); idx.Type() == js.TypeNumber {
			n := uint16(idx.Int())
			ca.SDPMLineIndex = &n
		}
		if uf := ic.Get("usernameFragment"); uf.Type() == js.TypeString {
			s := uf.String()
			ca.UsernameFragment = &s
		}
		go f(ca) // relaying it waits on the network
	})
}

func (c *jsConn) OnFailed(f func()) {
	on(c.pc, "onconnectionstatechange", &c.funcs, func(js.Value) {
		if c.pc.Get("connectionState").String() == "failed" {
			go f()
		}
	})
}

func (c *jsConn) OnChannel(f func(channel)) {
	on(c.pc, "ondatachannel", &c.funcs, func(e js.Value) {
		f(&jsChannel{dc: e.Get("channel")}) // at once, so its handlers are set before it opens
	})
}

func (c *jsConn) CreateChannel(label string) (ch channel, err error) {
	defer catch(&err)
	return &jsChannel{dc: c.pc.Call("createDataChannel", label)}, nil // reliable and ordered
}

func description(v js.Value) SDP {
	return SDP{Type: v.Get("type").String(), SDP: v.Get("sdp").String()}
}

func (c *jsConn) Offer() (sd SDP, err error) {
	defer catch(&err)
	o, err := await(c.pc.Call("createOffer"))
	if err != nil {
		return SDP{}, err
	}
	if _, err := await(c.pc.Call("setLocalDescription", o)); err != nil {
		return SDP{}, err
	}
	return description(o), nil
}

func (c *jsConn) Answer(offer SDP) (sd SDP, err error) {
	defer catch(&err)
	if offer.Type != "offer" {
		return SDP{}, errors.New("not an offer")
	}
	if _, err := await(c.pc.Call("setRemoteDescription", map[string]any{"type": "offer", "sdp": offer.SDP})); err != nil {
		return SDP{}, err
	}
	a, err := await(c.pc.Call("createAnswer"))
	if err != nil {
		return SDP{}, err
	}
	if _, err := await(c.pc.Call("setLocalDescription", a)); err != nil {
		return SDP{}, err
	}
	return description(a), nil
}

func (c *jsConn) Accept(answer SDP) (err error) {
	defer catch(&err)
	if answer.Type != "answer" {
		return errors.New("not an answer")
	}
	_, err = await(c.pc.Call("setRemoteDescription", map[string]any{"type": "answer", "sdp": answer.SDP}))
	return err
}

func (c *jsConn) AddCandidate(ca Candidate) (err error) {
	defer catch(&err)
	o := map[string]any{"candidate": ca.Candidate}
	if ca.SDPMid != nil {
		o["sdpMid"] = *ca.SDPMid
	}
	if ca.SDPMLineIndex != nil {
		o["sdpMLineIndex"] = int(*ca.SDPMLineIndex)
	}
	if ca.UsernameFragment != nil {
		o["usernameFragment"] = *ca.UsernameFragment
	}
	_, err = await(c.pc.Call("addIceCandidate", o))
	return err
}

// Route is not asked of the browser (its stats are asynchronous); tests ask native peers.
func (c *jsConn) Route() (local, remote string) { return "", "" }

func (c *jsConn) Close() {
	var err error
	defer catch(&err)
	for _, p := range []string{"onicecandidate", "onconnectionstatechange", "ondatachannel"} {
		c.pc.Set(p, js.Null())
	}
	c.pc.Call("close")
	for _, f := range c.funcs {
		f.Release()
	}
	c.funcs = nil
}

// jsChannel is an RTCDataChannel. Its events run on the page's event loop in the order they
// happen, so messages are handed over in order, at once.
type jsChannel struct {
	dc    js.Value
	funcs []js.Func
}

func (c *jsChannel) Label() string { return c.dc.Get("label").String() }

func (c *jsChannel) OnOpen(f func()) { on(c.dc, "onopen", &c.funcs, func(js.Value) { f() }) }

func (c *jsChannel) OnClose(f func()) { on(c.dc, "onclose", &c.funcs, func(js.Value) { go f() }) }

func (c *jsChannel) OnMessage(f func([]byte)) {
	on(c.dc, "onmessage", &c.funcs, func(e js.Value) {
		if d := e.Get("data"); d.Type() == js.TypeString {
			f([]byte(d.String()))
		}
	})
}

func (c *jsChannel) Send(text string) (err error) {
	defer catch(&err)
	if c.dc.Get("readyState").String() != "open" {
		return errors.New("the data channel is not open")
	}
	c.dc.Call("send", text)
	return nil
}

func (c *jsChannel) Close() {
	var err error
	defer catch(&err)
	for _, p := range []string{"onopen", "onclose", "onmessage"} {
		c.dc.Set(p, js.Null())
	}
	c.dc.Call("close")
	for _, f := range c.funcs {
		f.Release()
	}
	c.funcs = nil
}
