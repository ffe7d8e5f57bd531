<?xml version="1.0" encoding="UTF-8"?>
<!-- profq's compatibility suite: an XSLT 2.0 report over the generated orders (CompatibilityPrograms.saxonInput):
     grouping, sorting, number formatting, regular expressions, keys and recursive templates, all run by Saxon-HE 9.4. -->
<xsl:stylesheet version="2.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform" xmlns:xs="http://www.w3.org/2001/XMLSchema"
                xmlns:f="urn:profq:compat" exclude-result-prefixes="xs f">
  <xsl:output method="text"/>
  <xsl:key name="by-customer" match="order" use="@customer"/>

  <xsl:function name="f:fib" as="xs:integer">
    <xsl:param name="n" as="xs:integer"/>
    <xsl:sequence select="if ($n lt 2) then $n else f:fib($n - 1) + f:fib($n - 2)"/>
  </xsl:function>

  <xsl:template match="/orders">
    <xsl:variable name="doc" select="/"/>
    <xsl:text>orders: </xsl:text><xsl:value-of select="count(order)"/>
    <xsl:text>, total </xsl:text><xsl:value-of select="format-number(sum(order/line/(@qty * @price)), '#,##0.00')"/>
    <xsl:text>&#10;</xsl:text>
    <xsl:for-each-group select="order" group-by="@region">
      <xsl:sort select="current-grouping-key()"/>
      <xsl:value-of select="current-grouping-key()"/><xsl:text>: </xsl:text>
      <xsl:value-of select="count(current-group())"/><xsl:text> orders, avg lines </xsl:text>
      <xsl:value-of select="format-number(avg(current-group()/count(line)), '0.000')"/>
      <xsl:text>, top product </xsl:text>
      <xsl:for-each-group select="current-group()/line" group-by="@product">
        <xsl:sort select="sum(current-group()/@qty)" data-type="number" order="descending"/>
        <xsl:sort select="current-grouping-key()"/>
        <xsl:if test="position() = 1"><xsl:value-of select="current-grouping-key()"/></xsl:if>
      </xsl:for-each-group>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each-group>
    <xsl:for-each select="distinct-values(order/@customer)[position() le 12]">
      <xsl:sort select="."/>
      <xsl:variable name="mine" select="key('by-customer', ., $doc)"/>
      <xsl:value-of select="upper-case(replace(., '([a-z])([a-z]*)-(\d+)', '$1$2 #$3'))"/>
      <xsl:text>: </xsl:text><xsl:value-of select="count($mine)"/>
      <xsl:text> orders, </xsl:text><xsl:value-of select="string-join(for $d in distinct-values($mine/@date) return substring($d, 1, 7), ' ')"/>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
    <xsl:analyze-string select="string-join(order[position() le 40]/@note, ' ')" regex="([a-z]+)(\d+)">
      <xsl:matching-substring><xsl:value-of select="concat(regex-group(2), regex-group(1), ';')"/></xsl:matching-substring>
      <xsl:non-matching-substring/>
    </xsl:analyze-string>
    <xsl:text>&#10;fib(20) = </xsl:text><xsl:value-of select="f:fib(20)"/>
    <xsl:text>&#10;</xsl:text>
  </xsl:template>
</xsl:stylesheet>
