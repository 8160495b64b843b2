import { ORDER_IMPORT_COLUMNS, ORDER_IMPORT_REQUIRED_COLUMNS, type OrderImportResult } from '@kerf/contracts';
import { Alert, Button, Card, Code, FileInput, Group, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/errors';
import { isApiError } from '../../../lib/api';
import { translateKey } from '../../../lib/i18n';
import { useImportOrdersCsv } from '../api/order-import';
import { CardHeading } from './card-heading';

/** One problem of a refused import: `rows.<line>.<column>` (or `csv`) and its field code. */
interface Problem {
  line: number | null;
  column: string | null;
  code: string;
  limit?: number;
}

function problemsOf(error: unknown): Problem[] | null {
  if (!isApiError(error) || error.code !== 'validation.INVALID_INPUT') return null;
  const fields = (error.details as { fields?: { field: string; code: string; limit?: number }[] } | undefined)
    ?.fields;
  if (!fields) return null;
  return fields.map((f) => {
    const match = /^rows\.(\d+)\.(.+)$/.exec(f.field);
    return {
      line: match ? Number(match[1]) : null,
      column: match ? match[2]! : null,
      code: f.code,
      ...(f.limit !== undefined ? { limit: f.limit } : {}),
    };
  });
}

/**
 * Import of planned orders from the ERP as a CSV file (issue 18): the admin picks the file, Kerf
 * imports all of it or nothing, and shows either what happened to each order or every problem by
 * line and column.
 */
export function OrderImportPanel() {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<OrderImportResult | null>(null);
  const upload = useImportOrdersCsv();
  const problems = upload.error ? problemsOf(upload.error) : null;
  const number = new Intl.NumberFormat(i18n.language);

  const submit = async () => {
    if (!file) return;
    setResult(null);
    try {
      setResult(await upload.mutateAsync(await file.text()));
    } catch {
      // shown below
    }
  };

  return (
    <Card withBorder radius="md" p="lg">
      <Stack gap="sm">
        <CardHeading title={t('orderImport.title')} explain={t('orderImport.explain')} />
        <Text size="sm">
          {t('orderImport.columns')}{' '}
          {ORDER_IMPORT_COLUMNS.map((column, index) => (
            <span key={column}>
              {index > 0 && ', '}
              <Code translate="no">{column}</Code>
              {ORDER_IMPORT_REQUIRED_COLUMNS.includes(column) && ' *'}
            </span>
          ))}
        </Text>
        <Text c="dimmed" size="sm" maw={760}>
          {t('orderImport.rules')}
        </Text>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={t('orderImport.file')}
            accept=".csv,text/csv"
            value={file}
            onChange={(value) => {
              setFile(value);
              setResult(null);
              upload.reset();
            }}
            clearable
            w={360}
          />
          <Button
            leftSection={<IconFileUpload aria-hidden size={18} />}
            disabled={!file}
            loading={upload.isPending}
            onClick={() => void submit()}
          >
            {t('orderImport.import')}
          </Button>
        </Group>

        {upload.error && !problems && <ErrorAlert error={upload.error} />}
        {problems && (
          <Alert color="red" title={t('orderImport.refused')} data-testid="order-import-problems">
            <Stack gap="xs">
              <Text size="sm">{t('orderImport.refusedExplain', { total: problems.length })}</Text>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('orderImport.line')}</Table.Th>
                    <Table.Th>{t('orderImport.column')}</Table.Th>
                    <Table.Th>{t('orderImport.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {problems.map((problem) => (
                    <Table.Tr key={`${problem.line}-${problem.column}-${problem.code}`}>
                      <Table.Td>{problem.line === null ? '—' : number.format(problem.line)}</Table.Td>
                      <Table.Td>
                        <Code translate="no">{problem.column ?? t('orderImport.wholeFile')}</Code>
                      </Table.Td>
                      <Table.Td>
                        {translateKey(t, `fields.${problem.code}`, { limit: problem.limit })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </Alert>
        )}
        {result && (
          <Stack gap="xs" data-testid="order-import-result">
            <Alert color="green" title={t('orderImport.done')}>
              {t('orderImport.summary', {
                created: number.format(result.created),
                updated: number.format(result.updated),
                unchanged: number.format(result.unchanged),
                skipped: number.format(result.skipped),
              })}
            </Alert>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('orderImport.line')}</Table.Th>
                  <Table.Th>{t('orderImport.orderNumber')}</Table.Th>
                  <Table.Th>{t('orderImport.outcome')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.rows.map((row) => (
                  <Table.Tr key={row.orderId}>
                    <Table.Td>{number.format(row.row)}</Table.Td>
                    <Table.Td>
                      <bdi translate="no">{row.orderNumber}</bdi>
                    </Table.Td>
                    <Table.Td>{translateKey(t, `orderImport.outcomes.${row.outcome}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
