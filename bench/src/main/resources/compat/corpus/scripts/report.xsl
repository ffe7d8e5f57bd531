<?xml version="1.0" encoding="UTF-8"?>
<!-- An XSLT 1.0 report over the generated orders, run by Xalan (interpreted, and compiled into translets by XSLTC). -->
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">
  <xsl:output method="text"/>
  <xsl:key name="by-region" match="order" use="@region"/>
  <xsl:template match="/orders">
    <xsl:text>orders: </xsl:text><xsl:value-of select="count(order)"/>
    <xsl:text>&#10;</xsl:text>
    <xsl:for-each select="order[generate-id() = generate-id(key('by-region', @region)[1])]">
      <xsl:sort select="@region"/>
      <xsl:value-of select="@region"/><xsl:text>: </xsl:text>
      <xsl:value-of select="count(key('by-region', @region))"/><xsl:text> orders, </xsl:text>
      <xsl:value-of select="count(key('by-region', @region)/line)"/><xsl:text> lines, qty </xsl:text>
      <xsl:value-of select="sum(key('by-region', @region)/line/@qty)"/>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
    <xsl:for-each select="order[position() &lt;= 20]">
      <xsl:sort select="@customer"/>
      <xsl:value-of select="concat(@id, ' ', @customer, ' ', translate(@note, 'abcdef', 'ABCDEF'))"/>
      <xsl:text>&#10;</xsl:text>
    </xsl:for-each>
  </xsl:template>
</xsl:stylesheet>
