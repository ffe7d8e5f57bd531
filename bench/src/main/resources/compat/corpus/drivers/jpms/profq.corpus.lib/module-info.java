module profq.corpus.lib {
    exports profq.corpus.lib;
}
