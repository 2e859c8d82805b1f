#ifndef CNCURSESW_SHIM_H
#define CNCURSESW_SHIM_H

/* SwiftPM drops pkg-config's -D_XOPEN_SOURCE=600, without which curses.h hides the wide-char
   API (the screen is set up for a UTF-8 locale). Ask for it explicitly. */
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <wchar.h>
#include <curses.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* C globals Swift 6 rejects as shared mutable state: read them through functions. */
static inline WINDOW *tf_stdscr(void) { return stdscr; }

/* newterm on explicit file descriptors (the tty's output may be a dup of stdout, which is
   then pointed at a log file), for the terminal `type` (NULL: $TERM). Unlike initscr it
   returns NULL instead of exiting when the type is unknown, so the caller can explain. */
static inline SCREEN *tf_newterm_fds(const char *type, int out_fd, int in_fd) {
    FILE *out = fdopen(out_fd, "w");
    FILE *in = fdopen(in_fd, "r");
    if (out == NULL || in == NULL) return NULL;
    return newterm(type, out, in);
}

/* The width libc (and so ncurses) gives a code point in the current locale. */
static inline int tf_wcwidth(unsigned int scalar) { return wcwidth((wchar_t)scalar); }

/* A pseudo-terminal pair of the given size (benchmarks and tests drive the real backend on
   it). Uses the Linux /dev/ptmx ioctls, which Swift's Glibc module does not hide behind XSI
   feature macros. Returns 0, or -1 with errno set. */
static inline int tf_open_pty(int rows, int columns, int *leader, int *follower) {
    int master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    int unlock = 0, number = -1;
    if (ioctl(master, TIOCSPTLCK, &unlock) != 0 || ioctl(master, TIOCGPTN, &number) != 0) {
        close(master);
        return -1;
    }
    char path[64];
    snprintf(path, sizeof path, "/dev/pts/%d", number);
    int slave = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (slave < 0) { close(master); return -1; }
    struct winsize size = { (unsigned short)rows, (unsigned short)columns, 0, 0 };
    ioctl(slave, TIOCSWINSZ, &size);
    *leader = master;
    *follower = slave;
    return 0;
}

/* Whether the terminal has a scroll region and scrolls it both ways: then ncurses moves rows
   with it (a few bytes) instead of rewriting them, which the backend's row scrolls rely on. */
static inline bool tf_can_scroll_region(void) {
    const char *caps[][2] = { { "csr", "csr" }, { "ind", "indn" }, { "ri", "rin" } };
    for (int i = 0; i < 3; i++) {
        int found = 0;
        for (int j = 0; j < 2; j++) {
            const char *value = tigetstr(caps[i][j]);
            if (value != NULL && value != (const char *)-1) found = 1;
        }
        if (!found) return false;
    }
    return true;
}

/* From term.h, which cannot be included here: its capability macros (`columns`, `lines`, ...)
   would rename ordinary identifiers. */
struct term;
extern int setupterm(const char *, int, int *);
extern struct term *set_curterm(struct term *);
extern int del_curterm(struct term *);

/* 1 when the terminal `type` (NULL: $TERM) can move the cursor to a cell (`cup`), which a
   full-screen program needs (`dumb` and printing terminals cannot); 0 when it cannot; -1 when
   terminfo does not know the type. Reads terminfo only: writes nothing to `fd` and leaves no
   terminal set up, so it can run before newterm. */
static inline int tf_terminal_addresses_cursor(const char *type, int fd) {
    int error = 0;
    if (setupterm(type, fd, &error) != OK) return -1;
    const char *cup = tigetstr("cup");
    int result = cup != NULL && cup != (const char *)-1;
    del_curterm(set_curterm(NULL));
    return result;
}

/* Function-like macros. */
static inline void tf_getmaxyx(WINDOW *w, int *y, int *x) { getmaxyx(w, *y, *x); }

/* The terminfo entry's `colors` (what COLORS will be once start_color has run); 0 without. */
static inline int tf_terminfo_colors(void) {
    int colors = tigetnum("colors");
    return colors > 0 ? colors : 0;
}

/* Whether the terminfo entry says the terminal takes 24-bit colour: the `RGB` capability
   (ncurses' own, as a flag, a number or a string) or tmux's `Tc` flag. */
static inline bool tf_terminfo_has_rgb(void) {
    if (tigetflag("RGB") > 0 || tigetflag("Tc") > 0 || tigetnum("RGB") > 0) return true;
    const char *rgb = tigetstr("RGB");
    return rgb != NULL && rgb != (const char *)-1;
}

#endif
