MemcpyHtoD,0x00007f5a3c000000,1024
MemcpyHtoD,0x00007f5a3c000400,1024
kernel-1.traceg
kernel-2.traceg
