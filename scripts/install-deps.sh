#!/usr/bin/env bash
# Installs the Debian packages qgrad needs, only those that are missing.
# Idempotent: when everything is present it touches nothing and does not call apt-get.
set -euo pipefail

packages=(
  llvm-22-dev llvm-22-tools clang-22 lld-22 libmlir-22-dev mlir-22-tools
  libclang-rt-22-dev libclang-22-dev
  libzstd-dev zlib1g-dev libedit-dev libcurl4-openssl-dev libxml2-dev
  cmake ninja-build ccache libgtest-dev libgmock-dev make python3
  python3-dev python3-venv
  libadolc-dev libomp-22-dev clang-format-22
  # OpenMPI: the runtime's distributed state vector (QGRAD_RT_MPI, docs/runtime.md)
  libopenmpi-dev openmpi-bin
)

missing=()
for pkg in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  SUDO="sudo"
fi

echo "install-deps: installing ${missing[*]}"
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"

# LLVM/MLIR must be 22.1 or newer; the point release is not pinned.
version=$(/usr/lib/llvm-22/bin/llvm-config --version)
case "$version" in
  22.*) ;;
  *) echo "install-deps: need LLVM >= 22.1, found $version" >&2; exit 1 ;;
esac
