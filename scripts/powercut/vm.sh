#!/bin/sh
# vm.sh: the power-cut harness's virtual machine: Debian's own kernel
# (extracted from its package, not installed), an initramfs of busybox and
# the static tabled binary, and the claim log on an ext4 disk image on a
# virtio disk. The harness (cmd/tabled/powercut_test.go) boots it, presses
# through it, and cuts its power with SIGKILL.
#
#   vm.sh build DIR TABLED INITRD
#                              the kernel into DIR (downloaded once, shared by
#                              runs), the initramfs with the binary TABLED into
#                              INITRD (each run's own: a run beside it must not
#                              swap the binary under its boots)
#   vm.sh disk IMAGE           a fresh 256 MiB ext4 disk image (sparse)
#   vm.sh boot DIR INITRD IMAGE PORT SOCKET CONSOLE [MODE]
#                              boot in the foreground (exec: the pid is qemu's)
#
# boot forwards 127.0.0.1:PORT to the table's status page, puts the seat
# controller's serial port (the guest's ttyS1) on the unix socket SOCKET
# (the harness serves a simulated controller there) and the console
# (ttyS0) in the file CONSOLE. MODE is run (tabled run, the default),
# lie (first zero the last line of the newest log file, as a card that
# lies about fsync leaves it: the length on the card, the bytes not; then
# run), or check (mount the disk, unmount it cleanly and power off: the
# journal replayed, so the host can read the log with debugfs).
#
# Why cache=writethrough: a power cut here is SIGKILL to qemu. The host's
# kernel lives on, so every write qemu had made to the image survives in
# the host's page cache whatever the cache mode; what dies is the guest's
# own page cache and whatever never reached the virtio disk. writethrough
# shows the guest a disk without a volatile write cache (a write it sees
# completed is durable), which is exactly what survives; cache=writeback
# would show a write cache whose unflushed writes survive anyway, and
# cache=unsafe would let flushes lie. What the guest did not write out
# (an append never fsynced, a name never synced) is lost, as on a Pi
# whose plug is pulled. The image lives on tmpfs where the host can, so
# writethrough's host flushes cost nothing.
set -eu
cmd=${1:-}
case $cmd in
build)
	dir=$2
	tabled=$3
	initrd=$4
	mkdir -p "$dir"
	dir=$(cd "$dir" && pwd)
	if [ ! -f "$dir/vmlinuz" ]; then
		# The kernel package linux-image-amd64 depends on, downloaded once.
		pkg=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-[0-9]/ { print $2; exit }')
		[ -n "$pkg" ] || { echo "vm.sh: no kernel package (apt-get update first?)" >&2; exit 1; }
		rm -rf "$dir/kernel" && mkdir -p "$dir/kernel"
		(cd "$dir/kernel" && apt-get download "$pkg" >/dev/null 2>&1 && dpkg-deb -x ./*.deb root)
		kv=$(ls "$dir/kernel/root/lib/modules")
		mkdir -p "$dir/modules"
		# insmod order: each after what it needs (no modprobe in the initramfs).
		for m in virtio/virtio_ring virtio/virtio virtio/virtio_pci_legacy_dev virtio/virtio_pci_modern_dev \
			virtio/virtio_pci block/virtio_blk net/failover net/net_failover net/virtio_net \
			crc16 mbcache jbd2 crc32c_generic ext4; do
			f=$(find "$dir/kernel/root/lib/modules/$kv" -name "$(basename $m).ko*" | head -1)
			[ -n "$f" ] || { echo "vm.sh: module $m not in $pkg" >&2; exit 1; }
			cp "$f" "$dir/modules/"
			echo "$(basename "$f")" >>"$dir/modules/order.tmp"
		done
		mv "$dir/modules/order.tmp" "$dir/modules/order"
		# Renamed into place: a run beside this one sees it whole or not at all.
		cp "$dir/kernel/root/boot/vmlinuz-$kv" "$dir/vmlinuz.tmp" && mv "$dir/vmlinuz.tmp" "$dir/vmlinuz"
		echo "$pkg" >"$dir/kernel-package"
		rm -rf "$dir/kernel"
	fi
	root=$(mktemp -d)
	trap 'rm -rf "$root"' EXIT
	mkdir -p "$root/bin" "$root/proc" "$root/sys" "$root/dev" "$root/data" "$root/tmp" "$root/lib/modules"
	# The initramfs has no libc: busybox-static's busybox, not busybox's.
	dpkg -s busybox-static >/dev/null 2>&1 || { echo "vm.sh: busybox-static is not installed" >&2; exit 1; }
	cp /bin/busybox "$root/bin/busybox"
	for a in sh mount umount insmod ip cat sleep mkdir poweroff sync echo ls head tail wc stat dd; do ln -s busybox "$root/bin/$a"; done
	cp "$dir"/modules/*.ko* "$dir/modules/order" "$root/lib/modules/"
	cp "$tabled" "$root/bin/tabled"
	cp "$(dirname "$0")/init" "$root/init"
	chmod 755 "$root/init" "$root/bin/tabled"
	(cd "$root" && find . | cpio -o -H newc --quiet | gzip -1) >"$initrd"
	;;
disk)
	# A Pi's root file system, not mkfs's profile for small disks (1 KiB
	# blocks): 4 KiB blocks, and the inode tables and the journal written
	# now, so the kernel's lazy init adds no writes of its own later.
	rm -f "$2"
	truncate -s 256M "$2"
	mkfs.ext4 -q -F -L tabled -T default -b 4096 -E lazy_itable_init=0,lazy_journal_init=0 "$2"
	;;
boot)
	dir=$2 initrd=$3 image=$4 port=$5 sock=$6 console=$7 mode=${8:-run}
	# TCG, an emulated CPU: it needs no /dev/kvm (CI's machines are
	# virtual ones themselves) and boots in about 10 s. no_timer_check:
	# on a loaded host the emulated CPU is too slow for the kernel's
	# IO-APIC timer check, which then panics the boot.
	exec qemu-system-x86_64 -accel tcg -m 256 -smp 1 -nodefaults -display none -no-reboot \
		-kernel "$dir/vmlinuz" -initrd "$initrd" \
		-append "console=ttyS0 quiet panic=-1 no_timer_check tabled.mode=$mode" \
		-serial "file:$console" \
		-chardev "socket,id=seats,path=$sock,server=on,wait=off" -serial chardev:seats \
		-drive "file=$image,format=raw,if=virtio,cache=writethrough" \
		-netdev "user,id=n0,hostfwd=tcp:127.0.0.1:$port-:8080" -device virtio-net-pci,netdev=n0
	;;
*)
	sed -n '2,/^set -eu/p' "$0" | sed 's/^# \{0,1\}//' >&2
	exit 2
	;;
esac
