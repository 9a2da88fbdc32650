//go:build !js

package mesh

import (
	"github.com/pion/ice/v4"
	"github.com/pion/webrtc/v4"
)

// newAPI builds pion's API. Natively (tests, tools) loopback peers need loopback candidates
// and no multicast DNS, which would otherwise bind port 5353 for every connection.
func newAPI(cfg Config) *webrtc.API {
	var se webrtc.SettingEngine
	if cfg.Loopback {
		se.SetICEMulticastDNSMode(ice.MulticastDNSModeDisabled)
		se.SetIncludeLoopbackCandidate(true)
		se.SetNetworkTypes([]webrtc.NetworkType{webrtc.NetworkTypeUDP4})
	}
	if cfg.Tune != nil {
		cfg.Tune(&se)
	}
	return webrtc.NewAPI(webrtc.WithSettingEngine(se))
}
