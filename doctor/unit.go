package doctor

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tabled/tabled/config"
)

// Kind is a class of device node a configuration can name.
type Kind struct {
	// Name is the kernel's name of the class (/proc/devices), or of the node.
	Name string
	// Group owns such nodes on Raspberry Pi OS.
	Group string
	// Allow are the unit's DeviceAllow= specifiers that let it through;
	// any one does.
	Allow []string
	// node matches the base name of a node of this kind.
	node *regexp.Regexp
}

// Kinds are every device kind the configuration can name: GPIO chips and
// gpiomem (periph's bcm283x driver) for pins, spidev for the e-ink, LED
// strips and the MFRC522, i2c for expanders and the OLED, and every serial
// kind: ttyS (the Pi 3/4 UART behind /dev/serial0), ttyAMA (the PL011),
// ttyUSB and ttyACM (what /dev/serial/by-id/ links point at).
var Kinds = []Kind{
	{Name: "gpiochip", Group: "gpio", Allow: []string{"char-gpiochip"}, node: regexp.MustCompile(`^gpiochip\d+$`)},
	{Name: "gpiomem", Group: "gpio", Allow: []string{"/dev/gpiomem", "char-bcm2835-gpiomem", "char-rpi-gpiomem"}, node: regexp.MustCompile(`^gpiomem$`)},
	{Name: "spidev", Group: "spi", Allow: []string{"char-spidev"}, node: regexp.MustCompile(`^spidev\d+\.\d+$`)},
	{Name: "i2c", Group: "i2c", Allow: []string{"char-i2c"}, node: regexp.MustCompile(`^i2c-\d+$`)},
	{Name: "ttyS", Group: "dialout", Allow: []string{"char-ttyS"}, node: regexp.MustCompile(`^ttyS\d+$`)},
	{Name: "ttyAMA", Group: "dialout", Allow: []string{"char-ttyAMA"}, node: regexp.MustCompile(`^ttyAMA\d+$`)},
	{Name: "ttyUSB", Group: "dialout", Allow: []string{"char-ttyUSB"}, node: regexp.MustCompile(`^ttyUSB\d+$`)},
	{Name: "ttyACM", Group: "dialout", Allow: []string{"char-ttyACM"}, node: regexp.MustCompile(`^ttyACM\d+$`)},
}

// kind is the Kind named name.
func kind(name string) (Kind, bool) {
	i := slices.IndexFunc(Kinds, func(k Kind) bool { return k.Name == name })
	if i < 0 {
		return Kind{}, false
	}
	return Kinds[i], true
}

// Device is a device node a configuration names.
type Device struct {
	// Path is the node as configured ("/dev/serial0", "/dev/spidev0.0").
	Path string
	// What uses it.
	What string
	// Kinds it may be, by its name: a by-id link may point at a ttyUSB or a
	// ttyACM, /dev/serial0 at a ttyS or a ttyAMA; every one must be let
	// through. Empty: a name of no known kind.
	Kinds []string
}

var (
	serialAlias = regexp.MustCompile(`^serial\d+$`)
	usbLink     = regexp.MustCompile(`^/dev/serial/by-(id|path)/`)
)

// KindsOf are the kinds a node named path may be.
func KindsOf(path string) []string {
	base := filepath.Base(path)
	switch {
	case usbLink.MatchString(path):
		return []string{"ttyUSB", "ttyACM"}
	case serialAlias.MatchString(base):
		return []string{"ttyS", "ttyAMA"}
	}
	for _, k := range Kinds {
		if k.node.MatchString(base) {
			return []string{k.Name}
		}
	}
	return nil
}

// Devices are the device nodes cfg names, each with what uses it.
func Devices(cfg config.Config) []Device { return wordsIn(nil).devices(cfg) }

// devices are Devices, what uses each in w's words.
func (w words) devices(cfg config.Config) []Device {
	var ds []Device
	add := func(path, what string) {
		ds = append(ds, Device{Path: path, What: what, Kinds: KindsOf(path)})
	}
	if pins := piPins(w, cfg); len(pins) > 0 {
		add("/dev/gpiochip0", w.t("doctor.use.gpiochip", "pin", pins[0].pin))
		add("/dev/gpiomem", w.t("doctor.use.gpiomem"))
	}
	for _, b := range buses(w, cfg) {
		path := b.name
		if path == "" && b.kind == "i2c" {
			path = "/dev/i2c-1" // periph's first bus on a Pi
		}
		if !strings.HasPrefix(path, "/dev/") {
			// periph also takes bus names ("SPI0.0", "I2C1"): the node's.
			if m := spiNumber.FindStringSubmatch(path); b.kind == "spi" && m != nil {
				path = "/dev/spidev" + strings.TrimPrefix(path, "SPI")
			} else if m := i2cNumber.FindStringSubmatch(path); b.kind == "i2c" && m != nil {
				path = "/dev/i2c-" + m[1] + m[2]
			}
		}
		add(path, b.what)
	}
	if s := cfg.Serial; s != nil {
		add(s.Path, "[serial] path")
	}
	return ds
}

// Unit is what a unit file and its drop-ins say about devices.
type Unit struct {
	// Path is the unit file.
	Path string
	// DevicePolicy is DevicePolicy= ("auto" when unset).
	DevicePolicy string
	// DeviceAllow maps each DeviceAllow= specifier to its access ("rw").
	DeviceAllow map[string]string
	// Groups are SupplementaryGroups=.
	Groups []string
}

// LoadUnit reads the unit file at path and its drop-ins (path.d/*.conf,
// in systemd's order).
func LoadUnit(path string) (Unit, error) {
	u := Unit{Path: path, DevicePolicy: "auto", DeviceAllow: map[string]string{}}
	dropins, _ := filepath.Glob(path + ".d/*.conf")
	slices.Sort(dropins)
	for _, p := range append([]string{path}, dropins...) {
		f, err := os.Open(p)
		if err != nil {
			return u, fmt.Errorf("doctor: unit: %w", err)
		}
		err = u.parse(f)
		f.Close()
		if err != nil {
			return u, fmt.Errorf("doctor: unit %s: %w", p, err)
		}
	}
	return u, nil
}

// parse applies one unit file's [Service] settings to u. An empty
// DeviceAllow= or SupplementaryGroups= resets the list, as in systemd.
func (u *Unit) parse(r io.Reader) error {
	sc := bufio.NewScanner(r)
	section, n := "", 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' || line[0] == ';' {
			continue
		}
		if line[0] == '[' {
			section = strings.Trim(line, "[]")
			continue
		}
		key, val, found := strings.Cut(line, "=")
		if !found {
			return fmt.Errorf("line %d: %q is not key=value", n, line)
		}
		if section != "Service" {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "DevicePolicy":
			u.DevicePolicy = val
		case "DeviceAllow":
			if val == "" {
				u.DeviceAllow = map[string]string{}
				continue
			}
			spec, access, _ := strings.Cut(val, " ")
			access = strings.TrimSpace(access)
			if access == "" {
				access = "rwm"
			}
			u.DeviceAllow[spec] = access
		case "SupplementaryGroups":
			if val == "" {
				u.Groups = nil
			}
			u.Groups = append(u.Groups, strings.Fields(val)...)
		}
	}
	return sc.Err()
}

// Allows reports whether u lets a node of kind k through for reading and
// writing, with its group among the supplementary groups.
func (u Unit) Allows(k Kind) error {
	if u.DevicePolicy != "closed" && u.DevicePolicy != "strict" {
		return nil // no device list: everything is let through
	}
	let := false
	for _, spec := range k.Allow {
		if a, ok := u.DeviceAllow[spec]; ok && strings.Contains(a, "r") && strings.Contains(a, "w") {
			let = true
		}
	}
	switch {
	case !let:
		return fmt.Errorf("%s devices are not let through: add DeviceAllow=%s rw", k.Name, k.Allow[0])
	case k.Group != "" && !slices.Contains(u.Groups, k.Group):
		return fmt.Errorf("%s devices belong to group %s, not in SupplementaryGroups", k.Name, k.Group)
	}
	return nil
}

// checkUnit checks that the installed unit lets every device of cfg
// through, and that the groups it names exist (a dynamic user cannot
// start without them).
func (m Machine) checkUnit(cfg config.Config) []Result {
	w := m.words()
	item := w.t("doctor.item.unit")
	path := ""
	for _, p := range m.Units {
		if _, err := os.Stat(p); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		return []Result{w.fail(item, w.t("doctor.unit.install_fix"), "doctor.unit.none", "places", strings.Join(m.Units, ", "))}
	}
	u, err := LoadUnit(path)
	if err != nil {
		return []Result{w.fail(item, w.t("doctor.unit.reinstall_fix"), "doctor.error", "error", err)}
	}
	var rs []Result
	var let []string
	for _, d := range w.devices(cfg) {
		kinds := m.liveKinds(d)
		if len(kinds) == 0 {
			rs = append(rs, w.fail(item, w.t("doctor.unit.kind_fix"), "doctor.unit.no_kind", "device", d.Path, "what", d.What, "unit", path))
			continue
		}
		for _, name := range kinds {
			k, known := kind(name)
			if !known {
				k = Kind{Name: name, Allow: []string{"char-" + name}}
			}
			if err := u.Allows(k); err != nil {
				rs = append(rs, w.fail(item, w.t("doctor.unit.edit_fix", "unit", path), "doctor.unit.refused", "device", d.Path, "what", d.What, "error", err))
			} else if !slices.Contains(let, name) {
				let = append(let, name)
			}
		}
	}
	for _, g := range u.Groups {
		if !m.GroupExists(g) {
			rs = append(rs, w.fail(item, w.t("doctor.unit.group_fix", "group", g), "doctor.unit.no_group", "group", g))
		}
	}
	if len(rs) == 0 {
		rs = append(rs, w.ok(item, "doctor.unit.ok", "unit", path, "kinds", strings.Join(let, ", ")))
	}
	return rs
}

// liveKinds is the kind of d as the machine has it: the class of the
// node it resolves to, when it exists; else by its name.
func (m Machine) liveKinds(d Device) []string {
	target, err := filepath.EvalSymlinks(d.Path)
	if err != nil {
		return d.Kinds
	}
	if ks := KindsOf(target); len(ks) > 0 {
		return ks
	}
	if class := m.charClass(target); class != "" {
		return []string{class}
	}
	return d.Kinds
}

// charClass is the /proc/devices name of the character device at path.
func (m Machine) charClass(path string) string {
	major, isChar := charMajor(path)
	if !isChar {
		return ""
	}
	b, err := os.ReadFile(m.ProcDevices)
	if err != nil {
		return ""
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "Block") {
			break
		}
		f := strings.Fields(l)
		if len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil && uint32(n) == major {
				return f[1]
			}
		}
	}
	return ""
}
