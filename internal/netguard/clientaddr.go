package netguard

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies says whether to read the client's address from X-Forwarded-For, and which
// connecting addresses are proxies to believe it from.
type Proxies struct {
	TrustForwardedFor bool
	Trusted           []netip.Prefix
}

// DefaultTrusted is the proxy on this host: 127.0.0.1 and ::1 only, since any other local
// process, or a container on a 127.0.0.0/8 address, could otherwise claim any client address.
func DefaultTrusted() []netip.Prefix {
	return []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("::1/128")}
}

// Key is what per-address limits count by: an IPv4 address, or an IPv6 address's /64 (a
// home or a phone network is given a whole /64, so single IPv6 addresses would let one
// network look like millions of clients).
func Key(a netip.Addr) string {
	a = a.Unmap()
	if a.Is6() {
		p, err := a.Prefix(64)
		if err == nil {
			return p.String()
		}
	}
	return a.String()
}

// RemoteKey is the key the request's client is counted by.
func (p Proxies) RemoteKey(r *http.Request) string {
	a, ok := p.Client(r)
	if !ok {
		return r.RemoteAddr
	}
	return Key(a)
}

// Client is the request's client: the connection's peer, or, behind trusted proxies, the
// address the nearest untrusted hop was seen from. X-Forwarded-For is read from the right,
// since each proxy appends the address it saw: the leftmost entries are the client's own
// claims.
func (p Proxies) Client(r *http.Request) (netip.Addr, bool) {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	peer, err := netip.ParseAddr(host)
	if err != nil {
		return netip.Addr{}, false
	}
	peer = peer.Unmap()
	if !p.TrustForwardedFor || !p.trusted(peer) {
		return peer, true
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			break // garbage: keep the last hop a trusted proxy vouched for
		}
		client = a
		if !p.trusted(a) {
			break
		}
	}
	return client, true
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a port.
func parseHop(h string) (netip.Addr, bool) {
	h = strings.TrimSpace(h)
	if ap, err := netip.ParseAddrPort(h); err == nil {
		return ap.Addr().Unmap(), true
	}
	a, err := netip.ParseAddr(strings.Trim(h, "[]"))
	return a.Unmap(), err == nil
}

func (p Proxies) trusted(a netip.Addr) bool {
	for _, t := range p.Trusted {
		if t.Contains(a) {
			return true
		}
	}
	return false
}
