/**
 * A product added as a layout file in a second folder (PORTAL_LAYOUTS_DIR): a Kubernetes cluster with
 * a name pattern, a bounded number and an enum, texts in English and partly in German. Shared by the
 * API test of layout folders and the end-to-end journey that orders it.
 */
export const kubernetes = {
  $schema: 'https://cloud-marketplace.example/schemas/layout.schema.json',
  AccountType: 'Product',
  Products: ['Managed Kubernetes Cluster'],
  Actions: ['VIEW', 'EDIT', 'CREATE'],
  MetaRules: { MaxQuantity: 10 },
  Pages: [
    {
      Id: 1,
      Name: 'Cluster',
      Label: 'k8s.page',
      Containers: [
        {
          Name: 'Cluster',
          Label: 'k8s.section',
          Fields: [
            { Name: 'ClusterName', Label: 'k8s.name', Help: 'k8s.nameHelp', Required: ['CREATE'], ReadOnly: ['EDIT'], Pattern: '[a-z][a-z0-9-]{2,30}' },
            { Name: 'NodeCount', Label: 'k8s.nodes', Type: 'Integer', Minimum: 1, Maximum: 50, Default: 3 },
            { Name: 'KubernetesVersion', Label: 'k8s.version', Type: 'Enum', Options: [{ Value: '1.31', Label: 'k8s.v131' }, { Value: '1.32', Label: 'k8s.v132' }], Default: '1.32' },
          ],
        },
      ],
    },
  ],
  Texts: {
    en: {
      'k8s.page': 'Cluster',
      'k8s.section': 'Cluster settings',
      'k8s.name': 'Cluster name',
      'k8s.nameHelp': 'Lowercase letters, digits and hyphens',
      'k8s.nodes': 'Worker nodes',
      'k8s.version': 'Kubernetes version',
      'k8s.v131': 'Kubernetes 1.31',
      'k8s.v132': 'Kubernetes 1.32',
    },
    de: { 'k8s.section': 'Cluster-Einstellungen', 'k8s.nodes': 'Worker-Knoten' },
  },
};
