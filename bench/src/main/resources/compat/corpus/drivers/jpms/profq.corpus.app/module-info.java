module profq.corpus.app {
    requires profq.corpus.lib;
}
