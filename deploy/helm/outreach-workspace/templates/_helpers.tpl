{{/* Names and labels. */}}
{{- define "ows.fullname" -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "ows.labels" -}}
app.kubernetes.io/name: {{ .Chart.Name }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{/* Selector labels of one component (api, worker, mailbox-worker). */}}
{{- define "ows.selector" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "ows.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/*
The environment every process shares: the settings of values.config, Temporal's and the database's
connection settings, and every secret by reference to the Secret (never a value in the chart).
*/}}
{{- define "ows.env" -}}
- name: HOST
  value: "0.0.0.0"
- name: SANDBOX_MODE
  value: "false"
- name: TEMPORAL_ADDRESS
  value: {{ required "temporal.address is required" .Values.temporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.temporal.namespace | quote }}
- name: TEMPORAL_TASK_QUEUE
  value: {{ .Values.temporal.taskQueue | quote }}
{{- if .Values.temporal.tls }}
- name: TEMPORAL_TLS
  value: "true"
{{- end }}
{{- with .Values.temporal.serverName }}
- name: TEMPORAL_TLS_SERVER_NAME
  value: {{ . | quote }}
{{- end }}
{{- with .Values.temporal.serverCaKey }}
- name: TEMPORAL_TLS_SERVER_CA_CERT_PATH
  value: {{ printf "/etc/outreach/tls/%s" . | quote }}
{{- end }}
{{- with .Values.temporal.clientCertKey }}
- name: TEMPORAL_TLS_CLIENT_CERT_PATH
  value: {{ printf "/etc/outreach/tls/%s" . | quote }}
{{- end }}
{{- with .Values.temporal.clientKeyKey }}
- name: TEMPORAL_TLS_CLIENT_KEY_PATH
  value: {{ printf "/etc/outreach/tls/%s" . | quote }}
{{- end }}
- name: DATABASE_SSL_MODE
  value: {{ .Values.database.sslMode | quote }}
{{- with .Values.database.caKey }}
- name: DATABASE_SSL_CA
  value: {{ printf "/etc/outreach/tls/%s" . | quote }}
{{- end }}
{{- range $name, $value := .Values.config }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- range $key := list "DATABASE_URL" "WEBHOOK_SECRET_KEY" "SMTP_URL" "METRICS_TOKEN" }}
- name: {{ $key }}
  valueFrom:
    secretKeyRef:
      name: {{ $.Values.secretName }}
      key: {{ $key }}
{{- end }}
{{- if .Values.temporal.apiKey }}
- name: TEMPORAL_API_KEY
  valueFrom:
    secretKeyRef:
      name: {{ .Values.secretName }}
      key: TEMPORAL_API_KEY
{{- end }}
{{- end -}}

{{/* A component's own variables (values.<component>.env). */}}
{{- define "ows.componentEnv" -}}
{{- range $name, $value := . }}
- name: {{ $name }}
  value: {{ $value | quote }}
{{- end }}
{{- end -}}

{{/* /tmp as a writable scratch folder (the root filesystem is read-only), and the TLS files. */}}
{{- define "ows.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
{{- if .Values.tlsSecretName }}
- name: tls
  mountPath: /etc/outreach/tls
  readOnly: true
{{- end }}
{{- end -}}

{{- define "ows.volumes" -}}
- name: tmp
  emptyDir: {}
{{- if .Values.tlsSecretName }}
- name: tls
  secret:
    secretName: {{ .Values.tlsSecretName }}
    defaultMode: 0440
{{- end }}
{{- end -}}

{{/* An HTTP GET probe on a path and port. */}}
{{- define "ows.httpProbe" -}}
httpGet:
  path: {{ .path }}
  port: {{ .port }}
periodSeconds: {{ .period | default 10 }}
timeoutSeconds: 5
failureThreshold: {{ .failures | default 3 }}
{{- end -}}
